import { describe, expect, it } from 'vitest';
import { decodeUserComment } from '../../../server/image/embedded-tags';
import { extractMetadata, normaliseDate } from '../../../server/image/metadata';
import { makeJpeg, makePng, makeWebp, picture, xmpPacket } from '../../fixtures/images';

const AI_SOURCE_TYPE = 'http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia';

const A1111_PARAMETERS = [
  'a lighthouse at dusk, oil painting,',
  'dramatic sky',
  'Negative prompt: blurry, low quality',
  'Steps: 30, Sampler: DPM++ 2M Karras, CFG scale: 7, Seed: 3141592, Size: 832x1216, Model hash: 31e35c80fc, Model: sd_xl_base_1.0, Lora hashes: "detail: 1a2b, style: 3c4d", Version: v1.9.4',
].join('\n');

// A ComfyUI API graph as its SaveImage node writes it into the `prompt` chunk.
const COMFY_PROMPT = JSON.stringify({
  '3': {
    class_type: 'KSampler',
    inputs: {
      seed: 156680208700286,
      steps: 20,
      cfg: 8,
      sampler_name: 'euler',
      model: ['4', 0],
      positive: ['6', 0],
      negative: ['7', 0],
      latent_image: ['5', 0],
    },
  },
  '4': { class_type: 'CheckpointLoaderSimple', inputs: { ckpt_name: 'v1-5-pruned-emaonly.safetensors' } },
  '5': { class_type: 'EmptyLatentImage', inputs: { width: 512, height: 512, batch_size: 1 } },
  '6': {
    class_type: 'CLIPTextEncode',
    inputs: { text: 'beautiful scenery nature glass bottle landscape, purple galaxy bottle', clip: ['4', 1] },
  },
  '7': { class_type: 'CLIPTextEncode', inputs: { text: 'text, watermark', clip: ['4', 1] } },
  '9': { class_type: 'SaveImage', inputs: { filename_prefix: 'ComfyUI', images: ['8', 0] } },
});
const COMFY_WORKFLOW = JSON.stringify({ last_node_id: 9, nodes: [{ id: 3, type: 'KSampler' }], links: [], version: 0.4 });

describe('extractMetadata: AI generation settings', () => {
  it('parses Automatic1111 `parameters` into prompt, negative prompt, seed and model', async () => {
    const png = await makePng({ width: 64, height: 64, textChunks: { parameters: A1111_PARAMETERS } });
    const metadata = await extractMetadata(png, 'image/png');
    expect(metadata.aiParameters).toEqual({
      source: 'automatic1111',
      prompt: 'a lighthouse at dusk, oil painting,\ndramatic sky',
      negativePrompt: 'blurry, low quality',
      seed: '3141592',
      model: 'sd_xl_base_1.0',
      raw: A1111_PARAMETERS,
    });
    expect(metadata.found).toEqual(['PNG parameters (Automatic1111)']);
  });

  it('keeps an Automatic1111 prompt that has no negative prompt and no settings line', async () => {
    const png = await makePng({ width: 64, height: 64, textChunks: { parameters: 'just a prompt' } });
    expect((await extractMetadata(png, 'image/png')).aiParameters).toEqual({
      source: 'automatic1111',
      prompt: 'just a prompt',
      raw: 'just a prompt',
    });
  });

  it('detects ComfyUI `prompt` and `workflow` chunks and follows the graph to prompt, negative, model and seed', async () => {
    const png = await makePng({ width: 64, height: 64, textChunks: { prompt: COMFY_PROMPT, workflow: COMFY_WORKFLOW } });
    const metadata = await extractMetadata(png, 'image/png');
    expect(metadata.aiParameters).toEqual({
      source: 'comfyui',
      prompt: 'beautiful scenery nature glass bottle landscape, purple galaxy bottle',
      negativePrompt: 'text, watermark',
      model: 'v1-5-pruned-emaonly.safetensors',
      seed: '156680208700286',
      raw: COMFY_PROMPT,
    });
    expect(metadata.found).toEqual(['PNG prompt (ComfyUI)', 'PNG workflow (ComfyUI)']);
  });

  it('reads a compressed UTF-8 iTXt chunk (how PIL stores non-Latin text)', async () => {
    const parameters = 'un chat très mignon, 猫\nSteps: 20, Seed: 5, Model: anime';
    const png = await makePng({ width: 64, height: 64, internationalTextChunks: { parameters } });
    expect((await extractMetadata(png, 'image/png')).aiParameters).toMatchObject({
      source: 'automatic1111',
      prompt: 'un chat très mignon, 猫',
      seed: '5',
    });
  });

  it('reads a compressed zTXt chunk', async () => {
    const png = await makePng({
      width: 64,
      height: 64,
      compressedTextChunks: { parameters: 'a red barn\nSteps: 20, Seed: 99, Model: m' },
    });
    expect((await extractMetadata(png, 'image/png')).aiParameters).toMatchObject({ prompt: 'a red barn', seed: '99' });
  });

  it('recognises NovelAI (Software, Comment JSON, Source)', async () => {
    const comment = JSON.stringify({ prompt: '1girl, cherry blossoms', uc: 'lowres, bad anatomy', seed: 2718281, steps: 28 });
    const png = await makePng({
      width: 64,
      height: 64,
      textChunks: {
        Title: 'AI generated image',
        Description: '1girl, cherry blossoms',
        Software: 'NovelAI',
        Source: 'NovelAI Diffusion V4.5 4BDE2A90',
        Comment: comment,
      },
    });
    const metadata = await extractMetadata(png, 'image/png');
    expect(metadata.aiParameters).toEqual({
      source: 'novelai',
      prompt: '1girl, cherry blossoms',
      negativePrompt: 'lowres, bad anatomy',
      model: 'NovelAI Diffusion V4.5 4BDE2A90',
      seed: '2718281',
      raw: comment,
    });
    expect(metadata.software).toBe('NovelAI');
    expect(metadata.found).toContain('PNG Comment (NovelAI)');
  });

  it('recognises InvokeAI `invokeai_metadata`', async () => {
    const invoke = JSON.stringify({
      positive_prompt: 'a castle',
      negative_prompt: 'fog',
      seed: 42,
      model: { name: 'juggernautXL', base: 'sdxl' },
    });
    const png = await makePng({ width: 64, height: 64, textChunks: { invokeai_metadata: invoke } });
    expect((await extractMetadata(png, 'image/png')).aiParameters).toEqual({
      source: 'invokeai',
      prompt: 'a castle',
      negativePrompt: 'fog',
      model: 'juggernautXL',
      seed: '42',
      raw: invoke,
    });
  });

  it('reads Automatic1111 settings from a JPEG EXIF UserComment', async () => {
    const jpeg = await makeJpeg({
      width: 64,
      height: 64,
      exif: { IFD2: { UserComment: 'a koi pond\nSteps: 25, Seed: 8, Model: dreamshaper' } },
    });
    const metadata = await extractMetadata(jpeg, 'image/jpeg');
    expect(metadata.aiParameters).toMatchObject({ source: 'automatic1111', prompt: 'a koi pond', seed: '8', model: 'dreamshaper' });
    expect(metadata.found).toContain('EXIF UserComment (Automatic1111)');
  });

  it('cuts the raw text at 20,000 characters', async () => {
    const long = `${'x'.repeat(30_000)}\nSteps: 20, Seed: 1, Model: m`;
    const png = await makePng({ width: 32, height: 32, compressedTextChunks: { parameters: long } });
    expect((await extractMetadata(png, 'image/png')).aiParameters?.raw).toHaveLength(20_000);
  });
});

describe('extractMetadata: EXIF and XMP', () => {
  it('reads XMP CreatorTool and DigitalSourceType from a JPEG', async () => {
    const jpeg = await makeJpeg({
      width: 64,
      height: 64,
      xmp: xmpPacket({ creatorTool: 'Adobe Firefly', digitalSourceType: AI_SOURCE_TYPE }),
    });
    const metadata = await extractMetadata(jpeg, 'image/jpeg');
    expect(metadata).toMatchObject({ creatorTool: 'Adobe Firefly', digitalSourceType: AI_SOURCE_TYPE });
    expect(metadata.found).toEqual(['XMP CreatorTool', 'XMP DigitalSourceType']);
  });

  it('reads XMP from a PNG (iTXt XML:com.adobe.xmp)', async () => {
    const png = await picture({ width: 64, height: 64 })
      .png()
      .withXmp(xmpPacket({ creatorTool: 'Krita 5.2' }))
      .toBuffer();
    expect(await extractMetadata(png, 'image/png')).toEqual({ creatorTool: 'Krita 5.2', found: ['XMP CreatorTool'] });
  });

  it('reads XMP and EXIF from a WebP', async () => {
    const webp = await makeWebp({
      width: 64,
      height: 64,
      exif: { IFD0: { Software: 'Midjourney' } },
      xmp: xmpPacket({ creatorTool: 'Midjourney 6.1' }),
    });
    expect(await extractMetadata(webp, 'image/webp')).toMatchObject({ software: 'Midjourney', creatorTool: 'Midjourney 6.1' });
  });

  it('reads EXIF Software, Make, Model, Artist, ImageDescription and dates (with the time zone when recorded)', async () => {
    const jpeg = await makeJpeg({
      width: 64,
      height: 64,
      exif: {
        IFD0: {
          Software: 'Adobe Photoshop 25.0',
          Make: 'Canon',
          Model: 'EOS R5',
          Artist: 'Jane Doe',
          ImageDescription: 'Harbour at night',
          DateTime: '2024:02:03 10:20:30',
        },
        IFD2: { DateTimeOriginal: '2024:01:02 03:04:05', OffsetTimeOriginal: '+02:00' },
      },
    });
    expect(await extractMetadata(jpeg, 'image/jpeg')).toMatchObject({
      software: 'Adobe Photoshop 25.0',
      make: 'Canon',
      model: 'EOS R5',
      artist: 'Jane Doe',
      description: 'Harbour at night',
      createDate: '2024-01-02T01:04:05.000Z',
      modifyDate: '2024-02-03T10:20:30',
    });
  });

  it('never returns location data, from EXIF GPS or XMP', async () => {
    const jpeg = await makeJpeg({
      width: 64,
      height: 64,
      exif: {
        IFD0: { Software: 'Camera' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 30/1', GPSLongitudeRef: 'E', GPSLongitude: '2/1 17/1 40/1' },
      },
      xmp: xmpPacket({ creatorTool: 'Lightroom', gpsLatitude: '48,51.5N' }),
    });
    const metadata = await extractMetadata(jpeg, 'image/jpeg');
    expect(metadata).toMatchObject({ software: 'Camera', creatorTool: 'Lightroom' });
    expect(JSON.stringify(metadata)).not.toMatch(/gps|latitude|longitude|48,51|51\.5/i);
  });

  it('reports nothing for a plain PNG', async () => {
    expect(await extractMetadata(await makePng({ width: 32, height: 32 }), 'image/png')).toEqual({ found: [] });
  });

  it('does not throw on bytes that are not an image at all', async () => {
    expect(await extractMetadata(Buffer.from('\x89PNG\r\n\x1a\n garbage'), 'image/png')).toEqual({ found: [] });
    expect(await extractMetadata(Buffer.from('garbage'), 'image/webp')).toEqual({ found: [] });
  });
});

describe('normaliseDate', () => {
  it.each([
    ['2024:01:02 03:04:05', undefined, '2024-01-02T03:04:05'],
    ['2024:01:02 03:04:05', '-05:00', '2024-01-02T08:04:05.000Z'],
    ['2024-03-01T10:00:00+02:00', undefined, '2024-03-01T08:00:00.000Z'],
    ['2024-03-01', undefined, '2024-03-01'],
    ['0000:00:00 00:00:00', undefined, undefined],
    ['not a date', undefined, undefined],
  ])('%s (offset %s) → %s', (value, offset, expected) => {
    expect(normaliseDate(value, offset)).toBe(expected);
  });
});

describe('decodeUserComment', () => {
  it('decodes the big-endian UTF-16 "UNICODE" form piexif writes for Automatic1111', () => {
    const body = Buffer.from('a fox 🦊', 'utf16le').swap16();
    expect(decodeUserComment(new Uint8Array(Buffer.concat([Buffer.from('UNICODE\0', 'latin1'), body])))).toBe('a fox 🦊');
  });

  it('decodes the little-endian UTF-16 form', () => {
    const body = Buffer.from('a fox', 'utf16le');
    expect(decodeUserComment(new Uint8Array(Buffer.concat([Buffer.from('UNICODE\0', 'latin1'), body])))).toBe('a fox');
  });

  it('decodes the ASCII form', () => {
    expect(decodeUserComment(new Uint8Array(Buffer.from('ASCII\0\0\0hello', 'latin1')))).toBe('hello');
  });
});
