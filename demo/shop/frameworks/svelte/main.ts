/**
 * The Svelte 5 page. `App.svelte` is compiled at build time by @sveltejs/vite-plugin-svelte with
 * `fragments: 'tree'`: DOM built node by node, no `innerHTML`, so the page's Trusted Types policy
 * needs no Svelte policy.
 */
import '../../../../src/define.js';
import { mount } from 'svelte';
import App from './App.svelte';

const target = document.getElementById('app');
if (target) mount(App, { target });
