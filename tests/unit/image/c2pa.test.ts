import { describe, expect, it } from 'vitest';
import { readC2pa, summariseManifestStore } from '../../../server/image/c2pa';
import { makeJpeg, makePng } from '../../fixtures/images';

const AI_SOURCE_TYPE = 'http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia';

describe('C2PA manifests', () => {
  it('reports no manifest for an ordinary JPEG or PNG (c2pa-rs: JumbfNotFound)', async () => {
    expect(await readC2pa(await makeJpeg({ width: 32, height: 32 }), 'image/jpeg')).toBeUndefined();
    expect(await readC2pa(await makePng({ width: 32, height: 32 }), 'image/png')).toBeUndefined();
  });

  it('summarises the active manifest of a store as c2pa-rs serialises it', () => {
    const store = {
      active_manifest: 'urn:uuid:2',
      manifests: {
        'urn:uuid:1': { claim_generator: 'Old/1.0', title: 'ingredient.png', assertions: [] },
        'urn:uuid:2': {
          claim_generator: 'Adobe_Firefly c2pa-rs/0.32.0',
          title: 'Generated image.jpg',
          assertions: [
            { label: 'stds.schema-org.CreativeWork', data: { author: [{ name: 'x' }] } },
            {
              label: 'c2pa.actions',
              data: { actions: [{ action: 'c2pa.created', digitalSourceType: AI_SOURCE_TYPE }, { action: 'c2pa.edited' }] },
            },
          ],
        },
      },
      validation_state: 'Valid',
    };
    expect(summariseManifestStore(store)).toEqual({
      claimGenerator: 'Adobe_Firefly c2pa-rs/0.32.0',
      actions: ['c2pa.created', 'c2pa.edited'],
      digitalSourceType: AI_SOURCE_TYPE,
      title: 'Generated image.jpg',
      validationState: 'Valid',
    });
  });

  it('names the generator of a v2 claim from claim_generator_info and reads c2pa.actions.v2', () => {
    const store = {
      active_manifest: 'm',
      manifests: {
        m: {
          claim_generator_info: [{ name: 'ChatGPT', version: '1.0' }],
          assertions: [
            { label: 'c2pa.actions.v2', data: { actions: [{ action: 'c2pa.created', digitalSourceType: AI_SOURCE_TYPE }] } },
          ],
        },
      },
    };
    expect(summariseManifestStore(store)).toEqual({
      claimGenerator: 'ChatGPT 1.0',
      actions: ['c2pa.created'],
      digitalSourceType: AI_SOURCE_TYPE,
      title: undefined,
      validationState: undefined,
    });
  });

  it('returns nothing for a store without an active manifest', () => {
    expect(summariseManifestStore({ manifests: {} })).toBeUndefined();
    expect(summariseManifestStore(null)).toBeUndefined();
  });
});
