/**
 * The booking page in Spanish (words.ts has the English every key follows): the guest addressed as "usted",
 * in the words Spanish hotels' own booking pages use ("Entrada" and "Salida", "huéspedes", "habitación").
 */
import { LANGUAGE_LOCALES } from "../../domain/languages.js";
import { counter } from "./plurals.js";
import type { Words } from "./words.js";

const count = counter(LANGUAGE_LOCALES.es);

export const ES: Words = {
  locale: LANGUAGE_LOCALES.es,
  language: "Idioma",

  pageTitle: "Reserve su estancia",
  loading: "Cargando…",
  unavailableTitle: "La reserva en línea no está disponible",
  unavailableText:
    "Este hotel no acepta reservas en línea en este momento. Póngase en contacto directamente con el hotel.",
  bookingNotFoundTitle: "Reserva no encontrada",
  bookingNotFoundText:
    "No hemos encontrado esta reserva, o la reserva en línea no está disponible en este momento. Póngase en contacto con el hotel.",
  notFoundTitle: "Página no encontrada",
  notFoundText: "Compruebe el enlace que le ha dado el hotel.",
  noConnection:
    "No hemos podido conectar con el servicio de reservas del hotel. Compruebe su conexión e inténtelo de nuevo.",
  failed: "Algo ha fallado por nuestra parte. Inténtelo de nuevo.",
  tryAgain: "Volver a intentarlo",
  fromServer: () => "No se ha podido completar la solicitud. Inténtelo de nuevo.",
  fieldFromServer: () => "Revise este dato.",

  searchTitle: "Fechas y huéspedes",
  checkIn: "Entrada",
  checkOut: "Salida",
  adults: "Adultos",
  children: "Niños",
  search: "Buscar",
  searching: "Buscando…",
  checkOutAfterCheckIn: "La salida debe ser posterior a la entrada.",
  checkInNotPast: "La entrada no puede ser en una fecha pasada.",
  atLeastOneAdult: "Debe alojarse al menos un adulto.",
  notNegative: "Introduzca 0 o más.",
  fixFields: "Corrija los campos marcados a continuación.",

  offersTitle: "Elija su habitación",
  noRooms:
    "No hay habitaciones disponibles para estas fechas. Pruebe con otras fechas o con menos huéspedes.",
  book: "Reservar",
  upToGuests: (capacity) => count(capacity, { one: "Hasta # huésped", other: "Hasta # huéspedes" }),
  nightsCount: (nights) => count(nights, { one: "# noche", other: "# noches" }),
  totalForStay: "Total de su estancia",
  perNight: (price) => `${price} por noche`,
  perNightFrom: (price) => `Desde ${price} por noche`,
  eachNight: "Precio de cada noche",
  freeCancellation: (days) =>
    days === 0
      ? "Cancelación gratuita hasta el día de llegada"
      : count(days, {
          one: "Cancelación gratuita hasta # día antes de la llegada",
          other: "Cancelación gratuita hasta # días antes de la llegada",
        }),
  nonRefundable: "No reembolsable",
  depositDue: (amount) => `Depósito a pagar: ${amount}`,
  noDeposit: "Sin depósito",
  bookPlan: (plan, room) => `Reservar ${room}, ${plan}`,

  detailsTitle: "Sus datos",
  yourStay: "Su estancia",
  name: "Nombre completo",
  email: "Correo electrónico",
  phone: "Teléfono",
  country: "País",
  chooseCountry: "Elija un país",
  required: "Obligatorio.",
  invalidEmail: "Introduzca un correo electrónico como nombre@ejemplo.com.",
  confirmBooking: "Confirmar reserva",
  booking: "Reservando…",
  backToRooms: "Volver a las habitaciones",
  priceChanged: (total) =>
    `El precio de esta estancia acaba de cambiar. El nuevo total es ${total}: revíselo y vuelva a confirmar.`,
  planGone: "Esta oferta ya no está disponible. Elija otra habitación.",
  soldOut: "Lo sentimos, otra persona acaba de reservar esta habitación. Elija otra.",
  restricted: "Esta habitación no se puede reservar para estas fechas. Elija otras fechas u otra habitación.",

  confirmedTitle: "Su reserva está confirmada",
  bookingCode: "Código de reserva",
  total: "Total",
  emailOnItsWay: (email) => `Le hemos enviado un correo de confirmación a ${email}.`,
  manageText: "Guarde este enlace para consultar o cancelar su reserva:",
  bookAnother: "Reservar otra estancia",

  manageTitle: "Su reserva",
  dates: "Fechas",
  guests: "Huéspedes",
  guestCount: (adults, children) => {
    const grown = count(adults, { one: "# adulto", other: "# adultos" });
    if (children === 0) return grown;
    return `${grown}, ${count(children, { one: "# niño", other: "# niños" })}`;
  },
  roomType: "Habitación",
  ratePlan: "Tarifa",
  status: "Estado",
  cancelBooking: "Cancelar reserva",
  cancelQuestion: "¿Cancelar esta reserva? No se puede deshacer.",
  cancelYes: "Sí, cancelarla",
  cancelNo: "Mantener la reserva",
  cancelling: "Cancelando…",
  cancelled: "Su reserva se ha cancelado.",
  notCancellable: "Esta reserva ya no se puede cancelar en línea. Póngase en contacto con el hotel.",
  statuses: {
    booked: "Confirmada",
    checked_in: "Entrada realizada",
    checked_out: "Salida realizada",
    cancelled: "Cancelada",
    no_show: "No presentado (no-show)",
  },
};
