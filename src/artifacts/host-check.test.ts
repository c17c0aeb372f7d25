import { describe, expect, it } from 'vitest';
import { ipv6Groups, privateHostReason } from './host-check';

/** The check as the app runs it: on the host the URL parser made of the address. */
const reason = (url: string) => privateHostReason(new URL(url).hostname);

describe('privateHostReason', () => {
  it.each([
    // IPv4 in every form the URL parser normalises
    ['https://127.0.0.1/', 'a loopback address'],
    ['https://2130706433/', 'a loopback address'],
    ['https://0x7f000001/', 'a loopback address'],
    ['https://0177.0.0.1/', 'a loopback address'],
    ['https://0x7f.1/', 'a loopback address'],
    ['https://127.1/', 'a loopback address'],
    ['https://10.1.2.3/', 'a private address'],
    ['https://012.1.2.3/', 'a private address'],
    ['https://172.31.255.255/', 'a private address'],
    ['https://192.168.1.1/', 'a private address'],
    ['https://169.254.169.254/', 'a link-local address'],
    ['https://100.64.0.1/', 'a shared (carrier NAT) address'],
    ['https://0.0.0.0/', 'this network'],
    ['https://0/', 'this network'],
    ['https://198.18.0.1/', 'a benchmarking address'],
    ['https://224.0.0.1/', 'a multicast address'],
    ['https://255.255.255.255/', 'a reserved address'],
    // IPv6, and every IPv6 form of an IPv4 address
    ['https://[::]/', 'the unspecified address'],
    ['https://[::1]/', 'the loopback address'],
    ['https://[0:0:0:0:0:0:0:1]/', 'the loopback address'],
    ['https://[::ffff:127.0.0.1]/', 'an IPv4-mapped address (127.0.0.1)'],
    ['https://[::ffff:8.8.8.8]/', 'an IPv4-mapped address (8.8.8.8)'],
    ['https://[::7f00:1]/', 'an IPv4-compatible address (127.0.0.1)'],
    ['https://[::127.0.0.1]/', 'an IPv4-compatible address (127.0.0.1)'],
    ['https://[64:ff9b::7f00:1]/', 'a NAT64 address (127.0.0.1)'],
    ['https://[64:ff9b::10.0.0.1]/', 'a NAT64 address (10.0.0.1)'],
    ['https://[2002:7f00:1::]/', 'a 6to4 address (127.0.0.1)'],
    ['https://[2002:c0a8:101::1]/', 'a 6to4 address (192.168.1.1)'],
    ['https://[2001:0:4136:e378::1]/', 'a Teredo address'],
    ['https://[2001:db8::1]/', 'a documentation address'],
    ['https://[fd00::1]/', 'a unique local address'],
    ['https://[fc00::1]/', 'a unique local address'],
    ['https://[fe80::1]/', 'a link-local address'],
    ['https://[fec0::1]/', 'a site-local address'],
    ['https://[ff02::1]/', 'a multicast address'],
    ['https://[100::1]/', 'not a global unicast address'],
    // names of the local network
    ['https://localhost/', 'the name belongs to the local network'],
    ['https://app.localhost./', 'the name belongs to the local network'],
    ['https://printer.local/', 'the name belongs to the local network'],
    ['https://router.home.arpa/', 'the name belongs to the local network'],
    ['https://nas/', 'a single-label name belongs to the local network'],
    // public names that resolve to loopback, or that carry a private address
    ['https://localtest.me/', 'the name is known to resolve to this computer'],
    ['https://anything.localtest.me/', 'the name is known to resolve to this computer'],
    ['https://lvh.me/', 'the name is known to resolve to this computer'],
    ['https://127.0.0.1.nip.io/', 'the name carries the address 127.0.0.1 (a loopback address)'],
    ['https://app.192.168.0.10.nip.io/', 'the name carries the address 192.168.0.10 (a private address)'],
    ['https://10-0-0-1.sslip.io/', 'the name carries the address 10.0.0.1 (a private address)'],
    [
      'https://app-169-254-169-254.sslip.io/',
      'the name carries the address 169.254.169.254 (a link-local address)',
    ],
    ['https://7f000001.nip.io/', 'the name carries the address 127.0.0.1 (a loopback address)'],
  ])('refuses %s: %s', (url, why) => {
    expect(reason(url)).toBe(why);
  });

  it.each([
    'https://api.weather.example/',
    'https://8.8.8.8/',
    'https://1.1.1.1/',
    'https://[2606:4700::1111]/',
    'https://[2a00:1450:4007:80e::200e]/',
    'https://8.8.8.8.nip.io/',
    'https://v2.api.example/',
    'https://cdn-2024.example.com/',
    'https://deadbeef.example.com/',
  ])('leaves %s to the person', (url) => {
    expect(reason(url)).toBeUndefined();
  });
});

describe('ipv6Groups', () => {
  it('expands :: and a trailing IPv4 address, and refuses malformed text', () => {
    expect(ipv6Groups('::1')).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
    expect(ipv6Groups('2002:7f00:1::')).toEqual([0x2002, 0x7f00, 1, 0, 0, 0, 0, 0]);
    expect(ipv6Groups('::ffff:127.0.0.1')).toEqual([0, 0, 0, 0, 0, 0xffff, 0x7f00, 1]);
    expect(ipv6Groups('1:2:3:4:5:6:7:8')).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(ipv6Groups('1::2::3')).toBeUndefined();
    expect(ipv6Groups('1:2:3')).toBeUndefined();
    expect(ipv6Groups('g::1')).toBeUndefined();
  });
});
