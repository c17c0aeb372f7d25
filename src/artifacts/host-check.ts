/**
 * Which hosts a page can never be allowed to reach, read from the address alone: loopback, private, link-local,
 * shared and reserved IPv4 ranges in every form the URL parser turns into them (decimal, octal, hex, shortened);
 * IPv6 outside global unicast, and every IPv6 form that carries an IPv4 address (mapped, compatible, NAT64,
 * 6to4, Teredo); names of the local network; and public names that embed a private address or are known to
 * resolve to loopback (`localtest.me`, `127.0.0.1.nip.io`, `10-0-0-1.sslip.io`, `7f000001.nip.io`).
 *
 * What it cannot see is where a public name resolves at the time of the request: a name can point to a private
 * address. Chromium's Local Network Access (the successor of Private Network Access) asks the person before a
 * public page reaches the local network; the offer says so.
 */

/** Why `host` (a URL's `hostname`, lower case, IPv6 in brackets) is local or private, or `undefined`. */
export function privateHostReason(host: string): string | undefined {
  const name = host.toLowerCase().replace(/\.$/, '');
  if (name.startsWith('[')) {
    const groups = ipv6Groups(name.slice(1, -1));
    if (!groups) return 'it is not an IPv6 address the check can read';
    return ipv6Reason(groups);
  }
  const v4 = ipv4Of(name);
  if (v4 !== undefined) return ipv4Reason(v4);
  if (LOCAL_SUFFIX.test(name)) return 'the name belongs to the local network';
  if (!name.includes('.')) return 'a single-label name belongs to the local network';
  if (LOOPBACK_NAMES.test(name)) return 'the name is known to resolve to this computer';
  const embedded = embeddedIpv4(name);
  if (embedded !== undefined) {
    const why = ipv4Reason(embedded);
    if (why) return `the name carries the address ${dotted(embedded)} (${why})`;
  }
  return undefined;
}

/** Suffixes of names that only resolve inside a local network. */
const LOCAL_SUFFIX =
  /(^|\.)(localhost|local|internal|intranet|lan|home|corp|private|home\.arpa|localdomain|in-addr\.arpa|ip6\.arpa|test|invalid|onion)$/;

/** Public names whose every subdomain resolves to 127.0.0.1 (and so reach this computer). */
const LOOPBACK_NAMES =
  /(^|\.)(localtest\.me|lvh\.me|vcap\.me|localhost\.direct|lacolhost\.com|fuf\.me|yoogle\.com|ulyssesonline\.com|127-0-0-1\.org\.uk|readme\.localtest\.me|traefik\.me|local\.gd|localh\.st)$/;

/** The IPv4 address a hostname is, as a 32-bit number (the URL parser has already normalised other forms). */
function ipv4Of(host: string): number | undefined {
  const parts = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (!parts) return undefined;
  const bytes = parts.slice(1).map(Number);
  if (bytes.some((b) => b > 255)) return undefined;
  return bytes.reduce((n, b) => n * 256 + b, 0);
}

/**
 * An IPv4 address written into a name's labels, as wildcard DNS services resolve them: dotted
 * (`127.0.0.1.nip.io`), dashed (`127-0-0-1.sslip.io`, `ip-10-0-0-1.example`) or eight hex digits
 * (`7f000001.nip.io`).
 */
function embeddedIpv4(name: string): number | undefined {
  const dottedForm = /(?:^|[.-])(\d{1,3})[.-](\d{1,3})[.-](\d{1,3})[.-](\d{1,3})(?=$|[.-])/.exec(name);
  if (dottedForm) {
    const bytes = dottedForm.slice(1).map(Number);
    if (bytes.every((b) => b <= 255)) return bytes.reduce((n, b) => n * 256 + b, 0);
  }
  const hex = /(?:^|[.-])([0-9a-f]{8})(?=\.)/.exec(name);
  return hex?.[1] ? Number.parseInt(hex[1], 16) : undefined;
}

function dotted(v4: number): string {
  return [24, 16, 8, 0].map((shift) => (v4 >>> shift) & 255).join('.');
}

/** IPv4 ranges that are not public (RFC 6890 and its successors), with what each is. */
const IPV4_RANGES: readonly (readonly [string, number, string])[] = [
  ['0.0.0.0', 8, 'this network'],
  ['10.0.0.0', 8, 'a private address'],
  ['100.64.0.0', 10, 'a shared (carrier NAT) address'],
  ['127.0.0.0', 8, 'a loopback address'],
  ['169.254.0.0', 16, 'a link-local address'],
  ['172.16.0.0', 12, 'a private address'],
  ['192.0.0.0', 24, 'a reserved address'],
  ['192.0.2.0', 24, 'a documentation address'],
  ['192.88.99.0', 24, 'a 6to4 relay address'],
  ['192.168.0.0', 16, 'a private address'],
  ['198.18.0.0', 15, 'a benchmarking address'],
  ['198.51.100.0', 24, 'a documentation address'],
  ['203.0.113.0', 24, 'a documentation address'],
  ['224.0.0.0', 4, 'a multicast address'],
  ['240.0.0.0', 4, 'a reserved address'],
];

function ipv4Reason(v4: number): string | undefined {
  for (const [base, bits, what] of IPV4_RANGES) {
    const start = ipv4Of(base) ?? 0;
    const size = 2 ** (32 - bits);
    if (v4 >= start && v4 < start + size) return what;
  }
  return undefined;
}

/** The eight 16-bit groups of an IPv6 address (`::` expanded, a trailing dotted IPv4 read), or `undefined`. */
export function ipv6Groups(address: string): number[] | undefined {
  let text = address.toLowerCase().replace(/%.*$/, '');
  const tail = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (tail) {
    const [w = 0, x = 0, y = 0, z = 0] = tail.slice(1).map(Number);
    if ([w, x, y, z].some((b) => b > 255)) return undefined;
    text = `${text.slice(0, tail.index)}${((w << 8) | x).toString(16)}:${((y << 8) | z).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const read = (part: string | undefined) =>
    part ? part.split(':').map((g) => (/^[0-9a-f]{1,4}$/.test(g) ? Number.parseInt(g, 16) : Number.NaN)) : [];
  const head = read(halves[0]);
  const rest = read(halves[1]);
  const given = head.length + rest.length;
  if (halves.length === 1 ? given !== 8 : given > 7) return undefined;
  const groups = [...head, ...Array<number>(8 - given).fill(0), ...rest];
  return groups.some(Number.isNaN) ? undefined : groups;
}

function ipv6Reason(g: readonly number[]): string | undefined {
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, h = 0, i = 0] = g;
  const v4 = (hi: number, lo: number) => dotted(hi * 65536 + lo);
  if (a === 0 && b === 0 && c === 0 && d === 0 && e === 0) {
    if (f === 0 && h === 0 && i === 0) return 'the unspecified address';
    if (f === 0 && h === 0 && i === 1) return 'the loopback address';
    if (f === 0xffff) return `an IPv4-mapped address (${v4(h, i)})`;
    if (f === 0) return `an IPv4-compatible address (${v4(h, i)})`;
  }
  if (a === 0x64 && b === 0xff9b) return `a NAT64 address (${v4(h, i)})`;
  if (a === 0x2002) return `a 6to4 address (${v4(b, c)})`;
  if (a === 0x2001 && b === 0) return 'a Teredo address';
  if (a === 0x2001 && b === 0xdb8) return 'a documentation address';
  if ((a & 0xfe00) === 0xfc00) return 'a unique local address';
  if ((a & 0xffc0) === 0xfe80) return 'a link-local address';
  if ((a & 0xffc0) === 0xfec0) return 'a site-local address';
  if ((a & 0xff00) === 0xff00) return 'a multicast address';
  if ((a & 0xe000) !== 0x2000) return 'not a global unicast address';
  return undefined;
}
