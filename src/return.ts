/**
 * `onramp-checkout/return`: for the merchant's return page, on its server or in the page. The
 * hosted checkout sends a buyer who paid by leaving the page back to the session's `return_url`
 * with `onramp_session_id` and `onramp_status` added; `readOnrampReturn` reads them. Look the
 * session up among your own orders by its id, then mount the widget with its client secret: the
 * status is only a hint, and the widget shows the outcome from the API. (Not in the script-tag
 * file, whose bytes go to the widget.)
 */
export {
  readOnrampReturn,
  RETURN_SESSION_PARAM,
  RETURN_STATUS_PARAM,
  type OnrampReturn,
} from './contract/return-params.js';
