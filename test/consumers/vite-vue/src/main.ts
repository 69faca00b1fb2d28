// Registered before Vue renders the element, so Vue sets properties, not attributes.
import 'onramp-checkout/define'
import { createApp } from 'vue'
import App from './App.vue'

createApp(App).mount('#app')
