/**
 * Runtime helpers inlined into every generated `validators.ts`, so the
 * compiled validators import nothing (no ajv, no ajv-formats).
 *
 * `ucs2length` and `equal` replace ajv's runtime modules
 * (ajv/dist/runtime/ucs2length, fast-deep-equal); `formats` replaces
 * ajv-formats' `fullFormats` and keeps its semantics (regexes from ajv-formats,
 * MIT licence). The generator also hands these same objects to ajv, so the
 * code ajv compiles matches what runs.
 */

/** String length in Unicode code points, as JSON Schema's `minLength`/`maxLength` count. */
export function ucs2length(text: string): number {
  const length = text.length;
  let count = 0;
  let position = 0;
  while (position < length) {
    count++;
    const high = text.charCodeAt(position++);
    if (high >= 0xd800 && high <= 0xdbff && position < length) {
      const low = text.charCodeAt(position);
      if ((low & 0xfc00) === 0xdc00) position++;
    }
  }
  return count;
}

/** Deep equality of JSON values (for `enum`, `const` and `uniqueItems`). */
export function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a && b && typeof a === "object" && typeof b === "object") {
    if (Array.isArray(a)) {
      if (!Array.isArray(b) || a.length !== b.length) return false;
      for (let index = a.length; index-- !== 0; ) if (!equal(a[index], b[index])) return false;
      return true;
    }
    if (Array.isArray(b)) return false;
    const keysA = Object.keys(a);
    if (keysA.length !== Object.keys(b).length) return false;
    for (const key of keysA) {
      if (!Object.prototype.hasOwnProperty.call(b, key)) return false;
      if (!equal((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return false;
    }
    return true;
  }
  return a !== a && b !== b;
}

const DURATION = /^P(?!$)((\d+Y)?(\d+M)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+S)?)?|(\d+W)?)$/;
const URI_REFERENCE = /^(?:[a-z][a-z0-9+\-.]*:)?(?:\/?\/(?:(?:[a-z0-9\-._~!$&'()*+,;=:]|%[0-9a-f]{2})*@)?(?:\[(?:(?:(?:(?:[0-9a-f]{1,4}:){6}|::(?:[0-9a-f]{1,4}:){5}|(?:[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){4}|(?:(?:[0-9a-f]{1,4}:){0,1}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){3}|(?:(?:[0-9a-f]{1,4}:){0,2}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){2}|(?:(?:[0-9a-f]{1,4}:){0,3}[0-9a-f]{1,4})?::[0-9a-f]{1,4}:|(?:(?:[0-9a-f]{1,4}:){0,4}[0-9a-f]{1,4})?::)(?:[0-9a-f]{1,4}:[0-9a-f]{1,4}|(?:(?:25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?))|(?:(?:[0-9a-f]{1,4}:){0,5}[0-9a-f]{1,4})?::[0-9a-f]{1,4}|(?:(?:[0-9a-f]{1,4}:){0,6}[0-9a-f]{1,4})?::)|[Vv][0-9a-f]+\.[a-z0-9\-._~!$&'()*+,;=:]+)\]|(?:(?:25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?)|(?:[a-z0-9\-._~!$&'"()*+,;=]|%[0-9a-f]{2})*)(?::\d*)?(?:\/(?:[a-z0-9\-._~!$&'"()*+,;=:@]|%[0-9a-f]{2})*)*|\/(?:(?:[a-z0-9\-._~!$&'"()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[a-z0-9\-._~!$&'"()*+,;=:@]|%[0-9a-f]{2})*)*)?|(?:[a-z0-9\-._~!$&'"()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[a-z0-9\-._~!$&'"()*+,;=:@]|%[0-9a-f]{2})*)*)?(?:\?(?:[a-z0-9\-._~!$&'"()*+,;=:@/?]|%[0-9a-f]{2})*)?(?:#(?:[a-z0-9\-._~!$&'"()*+,;=:@/?]|%[0-9a-f]{2})*)?$/i;
const URI_TEMPLATE = /^(?:(?:[^\x00-\x20"'<>%\\^`{|}]|%[0-9a-f]{2})|\{[+#./;?&=,!@|]?(?:[a-z0-9_]|%[0-9a-f]{2})+(?::[1-9][0-9]{0,3}|\*)?(?:,(?:[a-z0-9_]|%[0-9a-f]{2})+(?::[1-9][0-9]{0,3}|\*)?)*\})*$/i;
/**
 * ajv-formats' `url` regex without its userinfo and path, which `url` finds around them: the
 * scheme, and the host (a public IPv4 address, or a domain name) with its port. The host's
 * alternatives are two regexes, so that the lookaheads are tried at the start only.
 */
const URL_SCHEME = /^(?:https?|ftp):\/\//iu;
const URL_IPV4_HOST = /^(?!(?:10|127)(?:\.\d{1,3}){3})(?!(?:169\.254|192\.168)(?:\.\d{1,3}){2})(?!172\.(?:1[6-9]|2\d|3[0-1])(?:\.\d{1,3}){2})(?:[1-9]\d?|1\d\d|2[01]\d|22[0-3])(?:\.(?:1?\d{1,2}|2[0-4]\d|25[0-5])){2}(?:\.(?:[1-9]\d?|1\d\d|2[0-4]\d|25[0-4]))(?::\d{2,5})?$/iu;
const URL_DOMAIN_HOST = /^(?:(?:[a-z0-9\u{00a1}-\u{ffff}]+-)*[a-z0-9\u{00a1}-\u{ffff}]+)(?:\.(?:[a-z0-9\u{00a1}-\u{ffff}]+-)*[a-z0-9\u{00a1}-\u{ffff}]+)*(?:\.(?:[a-z\u{00a1}-\u{ffff}]{2,}))(?::\d{2,5})?$/iu;
const WHITE_SPACE = /\s/u;
/** The last white space of a text (each is tried once, and scans no further than the next). */
const LAST_WHITE_SPACE = /\s\S*$/u;
const AT = 0x40;
const SLASH = 0x2f;
const EMAIL = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;
const HOSTNAME = /^(?=.{1,253}\.?$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[-0-9a-z]{0,61}[0-9a-z])?)*\.?$/i;
const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
const IPV6 = /^((([0-9a-f]{1,4}:){7}([0-9a-f]{1,4}|:))|(([0-9a-f]{1,4}:){6}(:[0-9a-f]{1,4}|((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3})|:))|(([0-9a-f]{1,4}:){5}(((:[0-9a-f]{1,4}){1,2})|:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3})|:))|(([0-9a-f]{1,4}:){4}(((:[0-9a-f]{1,4}){1,3})|((:[0-9a-f]{1,4})?:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:))|(([0-9a-f]{1,4}:){3}(((:[0-9a-f]{1,4}){1,4})|((:[0-9a-f]{1,4}){0,2}:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:))|(([0-9a-f]{1,4}:){2}(((:[0-9a-f]{1,4}){1,5})|((:[0-9a-f]{1,4}){0,3}:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:))|(([0-9a-f]{1,4}:){1}(((:[0-9a-f]{1,4}){1,6})|((:[0-9a-f]{1,4}){0,4}:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:))|(:(((:[0-9a-f]{1,4}){1,7})|((:[0-9a-f]{1,4}){0,5}:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:)))$/i;
const UUID = /^(?:urn:uuid:)?[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/i;
const JSON_POINTER = /^(?:\/(?:[^~/]|~0|~1)*)*$/;
const JSON_POINTER_URI_FRAGMENT = /^#(?:\/(?:[a-z0-9_\-.!$&'()*+,;:=@]|%[0-9a-f]{2}|~0|~1)*)*$/i;
const RELATIVE_JSON_POINTER = /^(?:0|[1-9][0-9]*)(?:#|(?:\/(?:[^~/]|~0|~1)*)*)$/;
const URI = /^(?:[a-z][a-z0-9+\-.]*:)(?:\/?\/(?:(?:[a-z0-9\-._~!$&'()*+,;=:]|%[0-9a-f]{2})*@)?(?:\[(?:(?:(?:(?:[0-9a-f]{1,4}:){6}|::(?:[0-9a-f]{1,4}:){5}|(?:[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){4}|(?:(?:[0-9a-f]{1,4}:){0,1}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){3}|(?:(?:[0-9a-f]{1,4}:){0,2}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){2}|(?:(?:[0-9a-f]{1,4}:){0,3}[0-9a-f]{1,4})?::[0-9a-f]{1,4}:|(?:(?:[0-9a-f]{1,4}:){0,4}[0-9a-f]{1,4})?::)(?:[0-9a-f]{1,4}:[0-9a-f]{1,4}|(?:(?:25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?))|(?:(?:[0-9a-f]{1,4}:){0,5}[0-9a-f]{1,4})?::[0-9a-f]{1,4}|(?:(?:[0-9a-f]{1,4}:){0,6}[0-9a-f]{1,4})?::)|[Vv][0-9a-f]+\.[a-z0-9\-._~!$&'()*+,;=:]+)\]|(?:(?:25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?)|(?:[a-z0-9\-._~!$&'()*+,;=]|%[0-9a-f]{2})*)(?::\d*)?(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*|\/(?:(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*)?|(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*)(?:\?(?:[a-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9a-f]{2})*)?(?:#(?:[a-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9a-f]{2})*)?$/i;
const NOT_URI_FRAGMENT = /\/|:/;
const DATE = /^(\d\d\d\d)-(\d\d)-(\d\d)$/;
const TIME = /^(\d\d):(\d\d):(\d\d(?:\.\d+)?)(z|([+-])(\d\d)(?::?(\d\d))?)?$/i;
const DATE_TIME_SEPARATOR = /t|\s/i;
const DAYS = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const BYTE = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const Z_ANCHOR = /[^\\]\\Z/;

function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

/** RFC 3339 full-date. */
function date(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  return month >= 1 && month <= 12 && day >= 1 && day <= (month === 2 && isLeapYear(year) ? 29 : (DAYS[month] ?? 0));
}

/** RFC 3339 full-time (time zone required when `strictTimeZone`). */
function time(strictTimeZone: boolean): (text: string) => boolean {
  return (text) => {
    const match = TIME.exec(text);
    if (!match) return false;
    const hour = Number(match[1]);
    const minute = Number(match[2]);
    const second = Number(match[3]);
    const zone = match[4];
    const zoneSign = match[5] === "-" ? -1 : 1;
    const zoneHour = Number(match[6] ?? 0);
    const zoneMinute = Number(match[7] ?? 0);
    if (zoneHour > 23 || zoneMinute > 59 || (strictTimeZone && !zone)) return false;
    if (hour <= 23 && minute <= 59 && second < 60) return true;
    // A leap second is only valid at 23:59:60 UTC.
    const utcMinute = minute - zoneMinute * zoneSign;
    const utcHour = hour - zoneHour * zoneSign - (utcMinute < 0 ? 1 : 0);
    return (utcHour === 23 || utcHour === -1) && (utcMinute === 59 || utcMinute === -1) && second < 61;
  };
}

function dateTime(strictTimeZone: boolean): (text: string) => boolean {
  const checkTime = time(strictTimeZone);
  return (text) => {
    // Two parts or more than two: a limit, so that a text of white space is not split into millions.
    const parts = text.split(DATE_TIME_SEPARATOR, 3);
    return parts.length === 2 && date(parts[0]!) && checkTime(parts[1]!);
  };
}

/**
 * ajv-formats' `url`, `^(?:https?|ftp):\/\/(?:\S+(?::\S*)?@)?HOST(?::\d{2,5})?(?:\/[^\s]*)?$`
 * (flags `iu`), accepting the same texts in one pass. As one regex it takes time quadratic in the
 * length ("http://" and 8,000 colons: 0.1 to 0.45 s, four times that for twice as many): the
 * optional userinfo, which matches what `\S+@` matches, is tried at every split. Its texts are:
 * the scheme; optionally a userinfo (no white space) and "@"; the host and port (no "@", no "/");
 * optionally "/" and a path (no white space). So the host begins after the scheme, or after the
 * last "@" before some "/" (or the end) with no "/" between them, and ends at that "/": each part
 * of the text between two "/" is matched against the host at most once.
 */
function url(text: string): boolean {
  const scheme = URL_SCHEME.exec(text);
  if (scheme === null) return false;
  const start = scheme[0].length;
  const firstWhiteSpace = text.search(WHITE_SPACE);
  const lastWhiteSpace = text.search(LAST_WHITE_SPACE);
  let lastAt = -1;
  for (let index = start, part = start; index <= text.length; index++) {
    const code = index === text.length ? SLASH : text.charCodeAt(index);
    if (code === AT) lastAt = index;
    if (code !== SLASH) continue;
    // A part ends; the path would begin here.
    if (lastAt >= part) {
      // The userinfo is all before this "@": with white space, so is every later one.
      if (firstWhiteSpace !== -1 && firstWhiteSpace < lastAt) return false;
      if (lastAt > start && lastWhiteSpace < index && urlHost(text.slice(lastAt + 1, index))) return true;
    } else if (part === start && lastWhiteSpace < index && urlHost(text.slice(start, index))) {
      return true;
    }
    part = index + 1;
  }
  return false;
}

function urlHost(text: string): boolean {
  return URL_IPV4_HOST.test(text) || URL_DOMAIN_HOST.test(text);
}

export type Format = ((text: string) => boolean) | { type: "number"; validate: (value: number) => boolean };

const regexFormat = (pattern: RegExp) => (text: string) => pattern.test(text);

/** JSON Schema `format` checks, by name (ajv-formats' "full" mode). Unknown formats are not checked. */
export const formats: Record<string, Format> = {
  date,
  time: time(true),
  "date-time": dateTime(true),
  "iso-time": time(false),
  "iso-date-time": dateTime(false),
  duration: regexFormat(DURATION),
  uri: (text) => NOT_URI_FRAGMENT.test(text) && URI.test(text),
  "uri-reference": regexFormat(URI_REFERENCE),
  "uri-template": regexFormat(URI_TEMPLATE),
  url,
  email: regexFormat(EMAIL),
  hostname: regexFormat(HOSTNAME),
  ipv4: regexFormat(IPV4),
  ipv6: regexFormat(IPV6),
  regex: (text) => {
    if (Z_ANCHOR.test(text)) return false;
    try {
      new RegExp(text);
      return true;
    } catch {
      return false;
    }
  },
  uuid: regexFormat(UUID),
  "json-pointer": regexFormat(JSON_POINTER),
  "json-pointer-uri-fragment": regexFormat(JSON_POINTER_URI_FRAGMENT),
  "relative-json-pointer": regexFormat(RELATIVE_JSON_POINTER),
  byte: regexFormat(BYTE),
  int32: { type: "number", validate: (value) => Number.isInteger(value) && value <= 2 ** 31 - 1 && value >= -(2 ** 31) },
  int64: { type: "number", validate: (value) => Number.isInteger(value) },
  float: { type: "number", validate: () => true },
  double: { type: "number", validate: () => true },
  password: () => true,
  binary: () => true,
};
