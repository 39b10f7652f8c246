/**
 * Telling a user that an invitation waits for another of their addresses (decision 038): which pending
 * invitations may be named to a signed-in user whose verified email is not the invited one, and how the
 * invited address is shown. Only invitations that look like the same person or organisation are named, and
 * never their full address, so a stranger learns nothing about other hotels' teams.
 */

/**
 * Domains many unrelated people share: free mail providers, and the domains reserved for examples (RFC
 * 2606), which tests and demos use for everyone. Their users are not one organisation, so a shared domain
 * alone never names an invitation.
 */
const SHARED_MAIL_DOMAINS: ReadonlySet<string> = new Set([
  "example.com",
  "example.net",
  "example.org",
  "gmail.com",
  "googlemail.com",
  "outlook.com",
  "hotmail.com",
  "live.com",
  "msn.com",
  "yahoo.com",
  "yahoo.co.in",
  "yahoo.co.uk",
  "ymail.com",
  "icloud.com",
  "me.com",
  "mac.com",
  "aol.com",
  "proton.me",
  "protonmail.com",
  "pm.me",
  "gmx.com",
  "gmx.de",
  "gmx.net",
  "web.de",
  "mail.com",
  "yandex.com",
  "yandex.ru",
  "mail.ru",
  "qq.com",
  "163.com",
  "126.com",
  "rediffmail.com",
  "zoho.com",
  "fastmail.com",
  "hey.com",
  "tutanota.com",
  "naver.com",
  "hanmail.net",
  "libero.it",
  "orange.fr",
  "free.fr",
  "t-online.de",
  "btinternet.com",
  "comcast.net",
]);

/** The part after the last "@", lower-cased; "" when there is none. */
export function emailDomain(email: string): string {
  const at = email.lastIndexOf("@");
  return at < 0
    ? ""
    : email
        .slice(at + 1)
        .trim()
        .toLowerCase();
}

/** A person's name or an address's local part as one key: letters and digits only, accents folded. */
function nameKey(text: string): string | null {
  const words = text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  // One word ("info", "john", "frontdesk"), even with a number ("john.1990"), is shared by too many people
  // to say who someone is: at least two words with letters, like a first and a last name.
  if (words.filter((word) => /[a-z]/.test(word)).length < 2) return null;
  const key = words.join("");
  return key.length >= 5 ? key : null;
}

/**
 * What a pending invitation must match to be named to this user: its address's domain (when the user's
 * verified address is at an organisation's own domain), or its local part read as a name (letters and
 * digits only) equal to the user's display name or their own local part, read the same way, of at least two
 * words with letters. `null` when nothing may be matched: no verified email.
 */
export function invitationHintKeys(user: {
  email: string | null;
  emailVerified: boolean;
  displayName: string | null;
}): { domain: string | null; names: string[] } | null {
  if (!user.email || !user.emailVerified) return null;
  const domain = emailDomain(user.email);
  const local = user.email.slice(0, user.email.lastIndexOf("@"));
  const names = [user.displayName ? nameKey(user.displayName) : null, nameKey(local)].filter(
    (key): key is string => key !== null,
  );
  const keys = {
    domain: domain && !SHARED_MAIL_DOMAINS.has(domain) ? domain : null,
    names: [...new Set(names)],
  };
  return keys.domain === null && keys.names.length === 0 ? null : keys;
}

/** "asha.rao@grandhotel.com" -> "a•••@grandhotel.com": enough to recognise one's own address, no more. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at <= 0) return "•••";
  return `${Array.from(email)[0]}•••@${email.slice(at + 1)}`;
}
