import { describe, expect, it } from 'vitest';
import {
  cawgIdentityClaims,
  cawgVerifiedIdentity,
  provenDomainIdentity,
  provenIdentitiesOf,
  provenLinkIdentity,
} from '../../../core/proven-identities';

const at = new Date('2026-11-27T09:00:00Z');

describe('proven link identities', () => {
  it('tells a social account from a web site by its host, subdomains of a platform included', () => {
    const kind = (url: string) => provenLinkIdentity({ url, method: 'rel_me', provenAt: at })?.kind;
    expect(kind('https://www.instagram.com/greta')).toBe('social');
    expect(kind('https://greta.tumblr.com/')).toBe('social');
    expect(kind('https://bsky.app/profile/greta.example')).toBe('social');
    expect(kind('https://greta.example/about')).toBe('website');
    // A look-alike host is not the platform.
    expect(kind('https://notinstagram.com/greta')).toBe('website');
    expect(provenLinkIdentity({ url: 'ftp://greta.example/', method: 'rel_me', provenAt: at })).toBeNull();
  });

  it('keeps only proven links, oldest proof first, whatever was typed', () => {
    const identities = provenIdentitiesOf([
      { url: 'https://x.com/greta', state: 'proven', method: 'text_url', proven_at: '2026-11-28T08:00:00.000Z' },
      { url: 'https://greta.example/', state: 'not_proven', method: null, proven_at: null },
      { url: 'https://typed.example/', state: 'pending', method: null, proven_at: null },
      { url: 'https://WWW.Greta.example/about', state: 'proven', method: 'rel_me', proven_at: '2026-11-27T09:00:00.000Z' },
    ]);
    expect(identities).toEqual([
      {
        url: 'https://WWW.Greta.example/about',
        host: 'greta.example',
        kind: 'website',
        method: 'rel_me',
        proven_at: '2026-11-27T09:00:00.000Z',
      },
      { url: 'https://x.com/greta', host: 'x.com', kind: 'social', method: 'text_url', proven_at: '2026-11-28T08:00:00.000Z' },
    ]);
  });
});

describe('proven domains (decision 0062)', () => {
  it("adds the identity's domains as web sites, oldest proof first, a site both linked and proven listed once", () => {
    const identities = provenIdentitiesOf(
      [
        { url: 'https://greta.example/', state: 'proven', method: 'rel_me', proven_at: '2026-11-28T08:00:00.000Z' },
        { url: 'https://x.com/greta', state: 'proven', method: 'text_url', proven_at: '2026-11-28T09:00:00.000Z' },
      ],
      [
        { domain: 'greta.example', method: 'dns_txt', proven_at: '2026-11-27T09:00:00.000Z' },
        { domain: 'www.greta.art', method: 'well_known', proven_at: '2026-11-29T10:00:00.000Z' },
      ],
    );
    expect(identities).toEqual([
      {
        url: 'https://greta.example/',
        host: 'greta.example',
        kind: 'website',
        method: 'dns_txt',
        proven_at: '2026-11-27T09:00:00.000Z',
      },
      { url: 'https://x.com/greta', host: 'x.com', kind: 'social', method: 'text_url', proven_at: '2026-11-28T09:00:00.000Z' },
      {
        url: 'https://www.greta.art/',
        host: 'greta.art',
        kind: 'website',
        method: 'well_known',
        proven_at: '2026-11-29T10:00:00.000Z',
      },
    ]);
  });

  it("is a web site in the CAWG claims even on a platform's subdomain: its owner proved control of the domain", () => {
    const domain = provenDomainIdentity({ domain: 'greta.tumblr.com', method: 'dns_txt', proven_at: '2026-11-27T09:00:00.000Z' });
    expect(cawgVerifiedIdentity(domain)).toEqual({
      type: 'cawg.web_site',
      uri: 'https://greta.tumblr.com/',
      verifiedAt: '2026-11-27T09:00:00.000Z',
      provider: { id: 'https://greta.tumblr.com', name: 'greta.tumblr.com' },
    });
  });
});

describe('CAWG identity claims aggregation vocabulary', () => {
  const identity = (url: string) => provenLinkIdentity({ url, method: 'rel_me', provenAt: at })!;

  it('names a social account with its platform as provider and its account as username', () => {
    expect(cawgVerifiedIdentity(identity('https://www.instagram.com/greta/'))).toEqual({
      type: 'cawg.social_media',
      username: 'greta',
      uri: 'https://www.instagram.com/greta/',
      verifiedAt: '2026-11-27T09:00:00.000Z',
      provider: { id: 'https://instagram.com', name: 'Instagram' },
    });
    expect(cawgVerifiedIdentity(identity('https://www.linkedin.com/in/greta-r')).username).toBe('greta-r');
    expect(cawgVerifiedIdentity(identity('https://x.com/@greta')).username).toBe('greta');
    expect(cawgVerifiedIdentity(identity('https://greta.tumblr.com/')).username).toBe('greta');
  });

  it('names a web site by its own origin', () => {
    expect(cawgVerifiedIdentity(identity('https://greta.example:8443/about'))).toEqual({
      type: 'cawg.web_site',
      uri: 'https://greta.example:8443/about',
      verifiedAt: '2026-11-27T09:00:00.000Z',
      provider: { id: 'https://greta.example:8443', name: 'greta.example' },
    });
  });

  it('says the registry restated the identities without signing a credential, and says nothing when none was proven', () => {
    const aggregator = { id: 'https://ledger.example', name: 'VeriWork' };
    expect(cawgIdentityClaims({ identities: [], aggregator, artistName: 'Greta' })).toBeNull();
    expect(cawgIdentityClaims({ identities: [identity('https://greta.example/')], aggregator, artistName: 'Greta' })).toEqual({
      label: 'cawg.identity',
      sig_type: 'cawg.identity_claims_aggregation',
      signed: false,
      '@context': ['https://www.w3.org/ns/credentials/v2', 'https://cawg.io/identity/1.1/ica/context/'],
      type: ['IdentityClaimsAggregationCredential'],
      issuer: aggregator,
      credentialSubject: {
        name: 'Greta',
        verifiedIdentities: [
          {
            type: 'cawg.web_site',
            uri: 'https://greta.example/',
            verifiedAt: '2026-11-27T09:00:00.000Z',
            provider: { id: 'https://greta.example', name: 'greta.example' },
          },
        ],
      },
    });
  });
});
