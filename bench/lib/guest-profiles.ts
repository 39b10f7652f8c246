// The seeded guest profiles: names from several countries (accents and apostrophes included, as the search
// folds them), most with an email and a phone, some with a travel document. A profile is made from its index
// and the property's seed whenever it is needed, so hundreds of thousands of them are never held in memory.
import type { Exec } from "./backends.js";
import { BATCH, type Column, insertJson } from "./bulk.js";
import { type GeneratedProperty, rng } from "./dataset.js";

// "|" between names: some surnames have spaces ("Van der Berg").
const FIRST = (
  "James|Mary|Oliver|Amelia|Noah|Olivia|Liam|Emma|Lucas|Sofia|Mateo|Valentina|Hugo|Chloé|Léa|Jules|" +
  "Lukas|Anna|Jonas|Mia|Aarav|Priya|Rohan|Ananya|Kenji|Yui|Haruto|Sakura|Wei|Li|Minh|Linh|Ahmed|" +
  "Fatima|Omar|Aisha|Giulia|Marco|Francesca|Luca|Zoë|Sean|Siobhan|Björn|Åsa|Søren|Ingrid|Piotr|" +
  "Zofia|Jakub|Ines|João|Beatriz|Diego|Lucía|Pablo|Elena|Ivan|Olga|Nikolai"
).split("|");
const LAST = (
  "Smith|Johnson|Williams|Brown|Jones|Miller|Davis|Wilson|Taylor|Anderson|Thomas|Moore|Martin|" +
  "Jackson|Thompson|White|Harris|Clark|Lewis|Robinson|Walker|Young|García|Martínez|Rodríguez|López|" +
  "González|Pérez|Sánchez|Ramírez|Fernández|Gómez|Müller|Schmidt|Schneider|Fischer|Weber|Meyer|" +
  "Wagner|Becker|Schäfer|Koch|Dubois|Lefèvre|Moreau|Laurent|Girard|Bonnet|Rossi|Russo|Ferrari|" +
  "Esposito|Bianchi|Romano|Colombo|Ricci|Sharma|Patel|Gupta|Singh|Iyer|Reddy|Nair|Sato|Suzuki|" +
  "Takahashi|Tanaka|Watanabe|Nguyen|Tran|Le|Pham|Wang|Zhang|Chen|Liu|O'Brien|O'Connor|Murphy|Kelly|" +
  "Kowalski|Nowak|Wiśniewski|Lindqvist|Johansson|Andersen|Nielsen|Silva|Santos|Oliveira|Costa|" +
  "Ivanov|Petrov|Haddad|Khan|Hassan|Van der Berg|De Jong|Jansen|Novák|Horváth|Kovács|Popescu|" +
  "Yilmaz"
).split("|");
const DOMAINS = ["gmail.com", "outlook.com", "yahoo.com", "icloud.com", "proton.me", "web.de", "orange.fr"];
const COUNTRY_CODES = [
  ["GB", "44"],
  ["US", "1"],
  ["DE", "49"],
  ["FR", "33"],
  ["IN", "91"],
  ["ES", "34"],
  ["IT", "39"],
  ["JP", "81"],
] as const;
const LETTERS = [..."ABCDEFGHJKLMNPRSTUVWXYZ"];

export type GuestProfile = {
  name: string;
  email: string;
  phone: string;
  country: string;
  documentType: "passport" | "id_card" | "driving_licence" | null;
  documentNumber: string;
};

const pick = <T>(items: readonly T[], random: () => number): T =>
  items[Math.floor(random() * items.length)] as T;
const digits = (count: number, random: () => number) =>
  Array.from({ length: count }, () => Math.floor(random() * 10)).join("");
/** An email's local part: the name's letters without accents or punctuation. */
const plain = (value: string) =>
  value
    .normalize("NFD")
    .replace(/[^A-Za-z]/g, "")
    .toLowerCase();

/** Guest `index` of the property seeded with `seed`: always the same profile. */
export function guestProfile(seed: number, index: number): GuestProfile {
  const random = rng(seed * 7_919 + index * 104_729 + 1);
  const first = pick(FIRST, random);
  const last = pick(LAST, random);
  const [country, code] = pick(COUNTRY_CODES, random);
  const email =
    random() < 0.85 ? `${plain(first)}.${plain(last)}${index % 1000}@${pick(DOMAINS, random)}` : "";
  // Phones as people type them: spaces, a leading +, sometimes a dash.
  const phone =
    random() < 0.8 ? `+${code} ${digits(3, random)} ${digits(3, random)}-${digits(4, random)}` : "";
  const documentRoll = random();
  const documentType = documentRoll < 0.2 ? "passport" : documentRoll < 0.3 ? "id_card" : null;
  const documentNumber =
    documentType === null ? "" : `${pick(LETTERS, random)}${pick(LETTERS, random)}${digits(7, random)}`;
  return { name: `${first} ${last}`, email, phone, country, documentType, documentNumber };
}

/** Guest `index`'s id: random-looking like the server's (uuid v4 layout), and the same on every call. */
export function guestId(seed: number, index: number): string {
  const random = rng(seed * 15_485_863 + index * 2_654_435_761);
  const hex = Array.from({ length: 4 }, () =>
    Math.floor(random() * 0x1_0000_0000)
      .toString(16)
      .padStart(8, "0"),
  ).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const GUEST_COLUMNS: Column[] = [
  ["property_id", "uuid"],
  ["id", "uuid"],
  ["name", "text"],
  ["email", "text"],
  ["phone", "text"],
  ["country", "text"],
  ["document_type", "text"],
  ["document_number", "text"],
  ["created_at", "timestamptz"],
  ["updated_at", "timestamptz"],
];

/**
 * Guest profiles `from`..`to`. Stays are loaded by prefix (stages), and stay i's guest is i for the first
 * `count` stays and below `count` after them (assignGuests), so a prefix of `to` stays needs the first
 * min(to, count) profiles.
 */
export async function seedGuests(exec: Exec, pid: string, data: GeneratedProperty, from: number, to: number) {
  const { seed, createdMs } = data.guests;
  for (let start = from; start < to; start += BATCH) {
    const rows = [];
    for (let i = start; i < Math.min(to, start + BATCH); i++) {
      const profile = guestProfile(seed, i);
      const at = new Date(createdMs[i] as number).toISOString();
      rows.push({
        property_id: pid,
        id: guestId(seed, i),
        name: profile.name,
        email: profile.email,
        phone: profile.phone,
        country: profile.country,
        document_type: profile.documentType,
        document_number: profile.documentNumber,
        created_at: at,
        updated_at: at,
      });
    }
    await insertJson(exec, "guests", GUEST_COLUMNS, rows);
  }
}
