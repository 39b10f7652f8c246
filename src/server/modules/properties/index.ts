/** The properties module's public face: membership, the first property, a property's "today". */
export { presentPropertyRecord } from "./presenter.js";
export {
  getOrCreateFirstProperty,
  listMemberProperties,
  type MemberProperty,
  type PropertyRow,
  propertyToday,
} from "./service.js";
