// `.vue` files are compiled by @vitejs/plugin-vue; tsc only needs to know they are components.
declare module '*.vue' {
  import type { DefineComponent } from 'vue';
  const component: DefineComponent;
  export default component;
}
