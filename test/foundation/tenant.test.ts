import { resolveNextLink, retryAfterSeconds, tenantTarget } from '../../nodes/shared/tenant/answer';
import { parseTenantBase } from '../../nodes/shared/tenant/tenant';

describe('tenant address', () => {
	it.each([
		['https://yourcompany.admintotal.com', 'https://yourcompany.admintotal.com/api/v2'],
		['yourcompany.admintotal.com/', 'https://yourcompany.admintotal.com/api/v2'],
		['https://yourcompany.admintotal.com/api/v2/', 'https://yourcompany.admintotal.com/api/v2'],
		['https://yourcompany.admintotal.com//api/v2//cuentas/', 'https://yourcompany.admintotal.com/api/v2'],
		['  http://127.0.0.1:8765  ', 'http://127.0.0.1:8765/api/v2'],
	])('%s becomes %s', (pasted, expected) => {
		expect(parseTenantBase(pasted)).toEqual({ apiBase: expected });
	});

	it.each(['', 'ftp://files.example.com', 'https://exa mple.com', 'http://yourcompany.admintotal.com', 'https://user:pw@yourcompany.admintotal.com'])('"%s" is refused with a reason', (pasted) => {
		expect(parseTenantBase(pasted).problem).toEqual(expect.any(String));
	});

	it('an http next link on the https tenant host is upgraded', () => {
		expect(resolveNextLink('http://acme.admintotal.com/api/v2/cuentas/?limit=100&offset=100', 'https://acme.admintotal.com/api/v2')).toBe(
			'https://acme.admintotal.com/api/v2/cuentas/?limit=100&offset=100',
		);
	});

	it('links to other hosts, ports or schemes are refused', () => {
		const base = 'https://acme.admintotal.com/api/v2';
		expect(resolveNextLink('https://evil.example.com/api/v2/cuentas/', base)).toBeUndefined();
		expect(resolveNextLink('https://acme.admintotal.com.evil.io/api/v2/', base)).toBeUndefined();
		expect(resolveNextLink('https://acme.admintotal.com:8443/api/v2/', base)).toBeUndefined();
		expect(resolveNextLink('http://acme.admintotal.com/x', 'http://acme.admintotal.com:8080/api/v2')).toBeUndefined();
		expect(tenantTarget('https://acme.admintotal.com/api/v2/x', base)).toBe('https://acme.admintotal.com/api/v2/x');
		expect(tenantTarget('/cuentas/', base)).toBe('https://acme.admintotal.com/api/v2/cuentas/');
		expect(tenantTarget('//evil.example/api/v2/', base)).toBeUndefined();
	});
});

describe('Retry-After, as RFC 9110 writes it', () => {
	it('digits are seconds to wait; an HTTP date is the time until then', () => {
		expect(retryAfterSeconds({ 'retry-after': '0' })).toBe(0);
		expect(retryAfterSeconds({ 'retry-after': ' 120 ' })).toBe(120);
		const at = new Date(Date.now() + 3000).toUTCString();
		expect(retryAfterSeconds({ 'retry-after': at })).toBeGreaterThanOrEqual(2);
		// The three forms a recipient must accept: IMF-fixdate, RFC 850's, asctime's (all GMT).
		for (const past of ['Sun, 06 Nov 1994 08:49:37 GMT', 'Sunday, 06-Nov-94 08:49:37 GMT', 'Sun Nov  6 08:49:37 1994']) expect(retryAfterSeconds({ 'retry-after': past })).toBe(0);
	});

	it.each(['-5', '1.5', '+3', '1e3', '0x10', 'soon', '', '5 s', '2026-12-06', '12/06/2026'])('%j is no Retry-After at all', (value) => {
		expect(retryAfterSeconds({ 'retry-after': value })).toBeUndefined();
	});
});
