// The default theme, plus the playground's component.
import DefaultTheme from 'vitepress/theme';
import type { Theme } from 'vitepress';
import Playground from './Playground.vue';

export default {
  extends: DefaultTheme,
  enhanceApp({ app }) {
    app.component('SvcPlayground', Playground);
  },
} satisfies Theme;
