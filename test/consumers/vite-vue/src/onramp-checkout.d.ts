// Template types of <onramp-checkout> for vue-tsc (Volar).
import type {} from 'onramp-checkout/types/vue'
