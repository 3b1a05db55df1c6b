/** @type {import('next').NextConfig} */
export default {
  // The example lives inside the svc-card repository: without this Next.js takes the
  // repository's lockfile for the workspace root and warns.
  turbopack: { root: import.meta.dirname },
  outputFileTracingRoot: import.meta.dirname,
};
