// The PNG text keywords the metadata reader uses (metadata.ts, ai-parameters.ts), each with the
// most bytes it may take. A chunk under any other keyword is never inflated or decoded.
import { MAX_COMFYUI_TEXT_BYTES, MAX_METADATA_TEXT_BYTES, MAX_METADATA_TOTAL_BYTES } from './limits';

export interface PngTextBudget {
  /** Keyword → most bytes its text may have. Chunks with any other keyword are skipped unread. */
  keywords: ReadonlyMap<string, number>;
  /** Most bytes of text read from the whole file, compressed texts counted as inflated. */
  totalBytes: number;
}

export const PNG_XMP_KEYWORD = 'XML:com.adobe.xmp';

const READ_KEYWORDS = [
  'parameters', // Automatic1111 and its forks
  'invokeai_metadata', // InvokeAI 3+
  'sd-metadata', // InvokeAI 2
  'Software', // NovelAI; also reported as software
  'Comment', // NovelAI
  'Description', // NovelAI; also reported as description
  'Source', // NovelAI model
  'Author',
  'Creation Time',
  PNG_XMP_KEYWORD,
];

export const PNG_TEXT_BUDGET: PngTextBudget = {
  keywords: new Map([
    ...READ_KEYWORDS.map((keyword): [string, number] => [keyword, MAX_METADATA_TEXT_BYTES]),
    // ComfyUI's node graph and editor state.
    ['prompt', MAX_COMFYUI_TEXT_BYTES],
    ['workflow', MAX_COMFYUI_TEXT_BYTES],
  ]),
  totalBytes: MAX_METADATA_TOTAL_BYTES,
};
