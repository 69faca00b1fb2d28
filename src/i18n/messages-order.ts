/**
 * The order form's texts (amount first), in every language the widget speaks. They travel with the
 * `order` part, not with the first paint or the language files: only an element without a client
 * secret and with a `session-url` needs them. Same rules as the other catalogues: `{placeholders}`
 * filled by `fill()` with text or templates, never parsed as HTML; every language has every key
 * (checked by types and by a test).
 */
import type { Language } from './catalogue.js';

const en = {
  status: 'Choose your amount',
  form: 'Your order',
  amount: 'Amount',
  presets: 'Suggested amounts',
  currency: 'Currency',
  asset: 'Crypto',
  network: 'Network',
  wallet: 'Wallet address',
  walletHint: 'Your address on {network}: 0x followed by 40 characters.',
  walletFixed: 'To wallet',
  amountInvalid: 'Enter an amount, for example {example}.',
  amountMin: 'The minimum is {amount}.',
  amountMax: 'The maximum is {amount}.',
  walletMissing: 'Enter the wallet address that receives the crypto.',
  walletMalformed: 'This is not an address on {network}: it starts with 0x, followed by 40 digits and letters a to f.',
  walletChecksum:
    'This address has a typo: its capital letters do not match its checksum. Copy it again from your wallet.',
  price: 'Live price',
  quoteLoading: 'Getting the price…',
  quoteAge: 'Price quoted {age}',
  quoteFailed: 'The price could not be fetched. Retrying…',
  quoteWaiting: 'Enter an allowed amount to see the price.',
  continue: 'Continue',
  creating: 'Starting your order…',
  createFailed: 'Your order could not be started. Nothing you entered was lost: please try again.',
  createOffline: 'The shop could not be reached. Check your connection and try again.',
};

export type OrderMessages = typeof en;

const de: OrderMessages = {
  status: 'Wählen Sie Ihren Betrag',
  form: 'Ihre Bestellung',
  amount: 'Betrag',
  presets: 'Vorgeschlagene Beträge',
  currency: 'Währung',
  asset: 'Kryptowährung',
  network: 'Netzwerk',
  wallet: 'Wallet-Adresse',
  walletHint: 'Ihre Adresse auf {network}: 0x, gefolgt von 40 Zeichen.',
  walletFixed: 'An Wallet',
  amountInvalid: 'Geben Sie einen Betrag ein, zum Beispiel {example}.',
  amountMin: 'Der Mindestbetrag ist {amount}.',
  amountMax: 'Der Höchstbetrag ist {amount}.',
  walletMissing: 'Geben Sie die Wallet-Adresse ein, die die Kryptowährung erhält.',
  walletMalformed:
    'Das ist keine Adresse auf {network}: Sie beginnt mit 0x, gefolgt von 40 Ziffern und Buchstaben von a bis f.',
  walletChecksum:
    'Diese Adresse enthält einen Tippfehler: Ihre Groß- und Kleinschreibung passt nicht zur Prüfsumme. Kopieren Sie sie erneut aus Ihrer Wallet.',
  price: 'Aktueller Preis',
  quoteLoading: 'Preis wird abgerufen…',
  quoteAge: 'Preis abgefragt {age}',
  quoteFailed: 'Der Preis konnte nicht abgerufen werden. Neuer Versuch…',
  quoteWaiting: 'Geben Sie einen zulässigen Betrag ein, um den Preis zu sehen.',
  continue: 'Weiter',
  creating: 'Ihre Bestellung wird angelegt…',
  createFailed:
    'Ihre Bestellung konnte nicht angelegt werden. Ihre Eingaben bleiben erhalten: Bitte versuchen Sie es erneut.',
  createOffline: 'Der Shop ist nicht erreichbar. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
};

const fr: OrderMessages = {
  status: 'Choisissez votre montant',
  form: 'Votre commande',
  amount: 'Montant',
  presets: 'Montants suggérés',
  currency: 'Devise',
  asset: 'Cryptomonnaie',
  network: 'Réseau',
  wallet: 'Adresse du portefeuille',
  walletHint: 'Votre adresse sur {network} : 0x suivi de 40 caractères.',
  walletFixed: 'Vers le portefeuille',
  amountInvalid: 'Saisissez un montant, par exemple {example}.',
  amountMin: 'Le minimum est de {amount}.',
  amountMax: 'Le maximum est de {amount}.',
  walletMissing: 'Saisissez l’adresse du portefeuille qui recevra la cryptomonnaie.',
  walletMalformed:
    'Ce n’est pas une adresse sur {network} : elle commence par 0x, suivi de 40 chiffres et lettres de a à f.',
  walletChecksum:
    'Cette adresse contient une faute de frappe : ses majuscules ne correspondent pas à sa somme de contrôle. Copiez-la à nouveau depuis votre portefeuille.',
  price: 'Prix en direct',
  quoteLoading: 'Obtention du prix…',
  quoteAge: 'Prix obtenu {age}',
  quoteFailed: 'Le prix n’a pas pu être obtenu. Nouvel essai…',
  quoteWaiting: 'Saisissez un montant autorisé pour voir le prix.',
  continue: 'Continuer',
  creating: 'Création de votre commande…',
  createFailed:
    'Votre commande n’a pas pu être créée. Rien de ce que vous avez saisi n’est perdu : veuillez réessayer.',
  createOffline: 'La boutique est injoignable. Vérifiez votre connexion et réessayez.',
};

const es: OrderMessages = {
  status: 'Elige tu importe',
  form: 'Tu pedido',
  amount: 'Importe',
  presets: 'Importes sugeridos',
  currency: 'Moneda',
  asset: 'Criptomoneda',
  network: 'Red',
  wallet: 'Dirección del monedero',
  walletHint: 'Tu dirección en {network}: 0x seguido de 40 caracteres.',
  walletFixed: 'Al monedero',
  amountInvalid: 'Introduce un importe, por ejemplo {example}.',
  amountMin: 'El mínimo es {amount}.',
  amountMax: 'El máximo es {amount}.',
  walletMissing: 'Introduce la dirección del monedero que recibirá la criptomoneda.',
  walletMalformed:
    'Esta no es una dirección de {network}: empieza por 0x, seguido de 40 dígitos y letras de la a a la f.',
  walletChecksum:
    'Esta dirección tiene una errata: sus mayúsculas no coinciden con su suma de verificación. Vuelve a copiarla desde tu monedero.',
  price: 'Precio en vivo',
  quoteLoading: 'Obteniendo el precio…',
  quoteAge: 'Precio obtenido {age}',
  quoteFailed: 'No se pudo obtener el precio. Reintentando…',
  quoteWaiting: 'Introduce un importe permitido para ver el precio.',
  continue: 'Continuar',
  creating: 'Creando tu pedido…',
  createFailed: 'No se pudo crear tu pedido. No se ha perdido nada de lo que introdujiste: inténtalo de nuevo.',
  createOffline: 'No se pudo contactar con la tienda. Comprueba tu conexión e inténtalo de nuevo.',
};

const ar: OrderMessages = {
  status: 'اختر المبلغ',
  form: 'طلبك',
  amount: 'المبلغ',
  presets: 'مبالغ مقترحة',
  currency: 'العملة',
  asset: 'العملة المشفرة',
  network: 'الشبكة',
  wallet: 'عنوان المحفظة',
  walletHint: 'عنوانك على {network}: يبدأ بـ 0x ويليه 40 حرفًا.',
  walletFixed: 'إلى المحفظة',
  amountInvalid: 'أدخل مبلغًا، مثلًا {example}.',
  amountMin: 'الحد الأدنى هو {amount}.',
  amountMax: 'الحد الأقصى هو {amount}.',
  walletMissing: 'أدخل عنوان المحفظة التي ستستلم العملة المشفرة.',
  walletMalformed: 'هذا ليس عنوانًا على {network}: يبدأ العنوان بـ 0x ويليه 40 رقمًا وحرفًا من a إلى f.',
  walletChecksum: 'في هذا العنوان خطأ مطبعي: الأحرف الكبيرة فيه لا تطابق مجموع التحقق. انسخه مرة أخرى من محفظتك.',
  price: 'السعر الحالي',
  quoteLoading: 'جارٍ الحصول على السعر…',
  quoteAge: 'آخر تحديث للسعر {age}',
  quoteFailed: 'تعذّر الحصول على السعر. جارٍ إعادة المحاولة…',
  quoteWaiting: 'أدخل مبلغًا مسموحًا به لرؤية السعر.',
  continue: 'متابعة',
  creating: 'جارٍ إنشاء طلبك…',
  createFailed: 'تعذّر إنشاء طلبك. لم يُفقد شيء مما أدخلته: يُرجى المحاولة مرة أخرى.',
  createOffline: 'تعذّر الوصول إلى المتجر. تحقّق من اتصالك ثم حاول مرة أخرى.',
};

/** Every language's order texts. */
export const ORDER_MESSAGES: Readonly<Record<Language, OrderMessages>> = { en, de, fr, es, ar };

/** The order texts of a language of the widget's (English for any other). */
export const orderMessages = (language: string): OrderMessages =>
  Object.hasOwn(ORDER_MESSAGES, language) ? ORDER_MESSAGES[language as Language] : en;
