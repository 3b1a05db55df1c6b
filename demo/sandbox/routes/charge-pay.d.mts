export const SANDBOX_CAPTCHA_TOKEN: string;
