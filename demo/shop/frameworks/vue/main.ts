/**
 * The Vue page. `App.vue` is compiled at build time by @vitejs/plugin-vue (the page's CSP allows no
 * eval, so no runtime template compiler), which is told `onramp-checkout` is a custom element.
 */
import '../../../../src/define.js';
import { createApp } from 'vue';
import App from './App.vue';

createApp(App).mount('#app');
