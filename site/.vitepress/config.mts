// The documentation site (VitePress; docs/decisions.md says why). `npm run docs` serves it
// with a sandbox for the playground (site/scripts/serve.mjs); test/package/site.test.ts
// builds it. The reference pages are generated first (site/scripts/generate.mjs).
import { fileURLToPath } from 'node:url';
import { siGithub } from 'simple-icons';
import { defineConfig } from 'vitepress';
import { playgroundBackend } from './playground-backend.mjs';

export default defineConfig({
  title: 'svc-card',
  description: 'Card encryption in the browser for the Brazilian payments API: a checkout element, encryptCard, and the service-side decryptor.',
  lang: 'en',
  cleanUrls: false,
  // A dead link fails the build; test/package/site.test.ts also checks every built href and anchor.
  ignoreDeadLinks: 'localhostLinks',
  srcExclude: ['scripts/**', 'README.md'],
  themeConfig: {
    nav: [
      { text: 'Guide', link: '/guide/quick-start' },
      { text: 'Playground', link: '/playground' },
      { text: 'Reference', link: '/reference/element' },
    ],
    sidebar: [
      {
        text: 'Guide',
        items: [
          { text: 'Five-minute start', link: '/guide/quick-start' },
          { text: 'The element (both modes)', link: '/guide/element' },
          { text: 'Card, PIX and boleto (chooser, next action)', link: '/guide/payment-methods' },
          { text: 'Frameworks (Next.js, React 18, SvelteKit)', link: '/guide/frameworks' },
          { text: 'The merchant\'s server: @svc-card/client', link: '/guide/client' },
          { text: 'encryptCard for your own form', link: '/guide/encrypt-card' },
          { text: 'The service side', link: '/guide/service' },
          { text: 'The sandbox', link: '/guide/sandbox' },
          { text: 'Recurring PIX (PIX Automático)', link: '/guide/recurring-pix' },
          { text: 'Deploying (CSP, SRI, SAQ A)', link: '/guide/deploying' },
        ],
      },
      { text: 'Playground', items: [{ text: 'The element, live', link: '/playground' }] },
      {
        text: 'Reference (generated)',
        items: [
          { text: '&lt;svc-card-form&gt;', link: '/reference/element' },
          { text: 'TypeScript API', link: '/reference/api/' },
          { text: 'TypeScript API: @svc-card/client', link: '/reference/client-api/' },
          { text: 'Payments API sandbox', link: '/reference/payments-api' },
          { text: 'Test cards', link: '/reference/test-cards' },
          { text: 'Token format', link: '/reference/token-format' },
          { text: 'Sizes and timings', link: '/reference/sizes' },
          { text: 'Benchmarks', link: '/reference/benchmarks' },
        ],
      },
    ],
    outline: [2, 3],
    search: { provider: 'local' },
    // The icon drawn from its SVG here (theme/SocialLink.vue): the site asks no third-party host for anything.
    socialLinks: [{ icon: { svg: siGithub.svg }, link: 'https://github.com/svc-card/svc-card', ariaLabel: 'GitHub' }],
  },
  vite: {
    // `npm run docs`: the playground's backend (the sandbox's key, frame and a pay call) on the dev server.
    plugins: [playgroundBackend()],
    server: { fs: { allow: ['..'] } },
    // VitePress's documented way to replace a theme component: this one fetches nothing.
    resolve: { alias: [{ find: /^.*\/VPSocialLink\.vue$/, replacement: fileURLToPath(new URL('./theme/SocialLink.vue', import.meta.url)) }] },
  },
});
