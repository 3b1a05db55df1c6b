export const demoTests = [];
