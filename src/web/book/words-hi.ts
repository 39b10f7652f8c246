/**
 * The booking page in Hindi (words.ts has the English every key follows), in the words Indian hotels use
 * with guests: चेक-इन, चेक-आउट, मेहमान, कमरा, बुक करें (the staff app's catalogs, src/web/locales/, say the same).
 */
import { LANGUAGE_LOCALES } from "../../domain/languages.js";
import { counter } from "./plurals.js";
import type { Words } from "./words.js";

const count = counter(LANGUAGE_LOCALES.hi);

export const HI: Words = {
  locale: LANGUAGE_LOCALES.hi,
  language: "भाषा",

  pageTitle: "अपना ठहराव बुक करें",
  loading: "लोड हो रहा है…",
  unavailableTitle: "ऑनलाइन बुकिंग उपलब्ध नहीं है",
  unavailableText: "यह होटल अभी ऑनलाइन बुकिंग नहीं ले रहा है। कृपया सीधे होटल से संपर्क करें।",
  bookingNotFoundTitle: "बुकिंग नहीं मिली",
  bookingNotFoundText: "हमें यह बुकिंग नहीं मिली, या अभी ऑनलाइन बुकिंग उपलब्ध नहीं है। कृपया होटल से संपर्क करें।",
  notFoundTitle: "पेज नहीं मिला",
  notFoundText: "होटल से मिला लिंक जाँच लें।",
  noConnection: "हम होटल की बुकिंग सेवा तक नहीं पहुँच सके। अपना कनेक्शन जाँचें और फिर से कोशिश करें।",
  failed: "हमारी ओर से कुछ गड़बड़ हो गई। कृपया फिर से कोशिश करें।",
  tryAgain: "फिर से कोशिश करें",
  fromServer: () => "अनुरोध पूरा नहीं हो सका। कृपया फिर से कोशिश करें।",
  fieldFromServer: () => "यह जानकारी जाँच लें।",

  searchTitle: "तारीखें और मेहमान",
  checkIn: "चेक-इन",
  checkOut: "चेक-आउट",
  adults: "वयस्क",
  children: "बच्चे",
  search: "खोजें",
  searching: "खोजा जा रहा है…",
  checkOutAfterCheckIn: "चेक-आउट, चेक-इन के बाद होना चाहिए।",
  checkInNotPast: "चेक-इन बीती हुई तारीख का नहीं हो सकता।",
  atLeastOneAdult: "कम से कम एक वयस्क का ठहरना ज़रूरी है।",
  notNegative: "0 या उससे ज़्यादा लिखें।",
  fixFields: "कृपया नीचे चिह्नित फ़ील्ड ठीक करें।",

  offersTitle: "अपना कमरा चुनें",
  noRooms: "इन तारीखों के लिए कोई कमरा उपलब्ध नहीं है। दूसरी तारीखें या कम मेहमान चुनकर देखें।",
  book: "बुक करें",
  upToGuests: (capacity) => count(capacity, { one: "अधिकतम # मेहमान", other: "अधिकतम # मेहमान" }),
  nightsCount: (nights) => count(nights, { one: "# रात", other: "# रातें" }),
  totalForStay: "आपके ठहराव का कुल",
  perNight: (price) => `${price} प्रति रात`,
  perNightFrom: (price) => `${price} प्रति रात से शुरू`,
  eachNight: "हर रात का मूल्य",
  freeCancellation: (days) =>
    days === 0
      ? "आगमन के दिन तक मुफ़्त रद्दीकरण"
      : count(days, {
          one: "आगमन से # दिन पहले तक मुफ़्त रद्दीकरण",
          other: "आगमन से # दिन पहले तक मुफ़्त रद्दीकरण",
        }),
  nonRefundable: "रिफ़ंड नहीं होगा",
  depositDue: (amount) => `अग्रिम जमा: ${amount}`,
  noDeposit: "कोई अग्रिम जमा नहीं",
  bookPlan: (plan, room) => `${room}, ${plan} बुक करें`,

  detailsTitle: "आपका विवरण",
  yourStay: "आपका ठहराव",
  name: "पूरा नाम",
  email: "ईमेल",
  phone: "फ़ोन",
  country: "देश",
  chooseCountry: "देश चुनें",
  required: "ज़रूरी है।",
  invalidEmail: "name@example.com जैसा ईमेल पता लिखें।",
  confirmBooking: "बुकिंग की पुष्टि करें",
  booking: "बुक हो रहा है…",
  backToRooms: "कमरों पर वापस जाएँ",
  priceChanged: (total) => `इस ठहराव का मूल्य अभी बदल गया है। नया कुल ${total} है: इसे जाँचें और फिर से पुष्टि करें।`,
  planGone: "यह ऑफ़र अब उपलब्ध नहीं है। कृपया दूसरा कमरा चुनें।",
  soldOut: "क्षमा करें, यह कमरा अभी-अभी किसी और ने बुक कर लिया है। कृपया दूसरा चुनें।",
  restricted: "यह कमरा इन तारीखों के लिए बुक नहीं किया जा सकता। कृपया दूसरी तारीखें या दूसरा कमरा चुनें।",

  confirmedTitle: "आपकी बुकिंग की पुष्टि हो गई है",
  bookingCode: "बुकिंग कोड",
  total: "कुल",
  emailOnItsWay: (email) => `पुष्टि का ईमेल ${email} पर भेजा जा रहा है।`,
  manageText: "अपनी बुकिंग देखने या रद्द करने के लिए यह लिंक संभालकर रखें:",
  bookAnother: "एक और ठहराव बुक करें",

  manageTitle: "आपकी बुकिंग",
  dates: "तारीखें",
  guests: "मेहमान",
  guestCount: (adults, children) => {
    const grown = count(adults, { one: "# वयस्क", other: "# वयस्क" });
    if (children === 0) return grown;
    return `${grown}, ${count(children, { one: "# बच्चा", other: "# बच्चे" })}`;
  },
  roomType: "कमरा",
  ratePlan: "रेट",
  status: "स्थिति",
  cancelBooking: "बुकिंग रद्द करें",
  cancelQuestion: "यह बुकिंग रद्द करें? इसे वापस नहीं लिया जा सकता।",
  cancelYes: "हाँ, रद्द करें",
  cancelNo: "बुकिंग रखें",
  cancelling: "रद्द हो रही है…",
  cancelled: "आपकी बुकिंग रद्द कर दी गई है।",
  notCancellable: "यह बुकिंग अब ऑनलाइन रद्द नहीं की जा सकती। कृपया होटल से संपर्क करें।",
  statuses: {
    booked: "पुष्टि हो गई",
    checked_in: "चेक-इन हो गया",
    checked_out: "चेक-आउट हो गया",
    cancelled: "रद्द",
    no_show: "नहीं पहुँचे (नो-शो)",
  },
};
