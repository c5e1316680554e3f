// "Download all my proof bundles": one zip holding each public work's bundle.zip. Streamed: the
// answer starts at once and each bundle is rendered, one at a time, while the earlier ones are
// sent, so memory holds one bundle rather than all of them.
import type { Readable } from 'node:stream';
import yazl from 'yazl';
import type { AppDeps } from '../deps';
import type { PublicWorkBundle } from '../works/manage-ports';

export function streamBundlesZip(
  deps: AppDeps,
  bundleOf: PublicWorkBundle,
  workIds: readonly string[],
  log: { error(obj: object, msg: string): void },
): Readable {
  const zip = new yazl.ZipFile();
  const output = zip.outputStream as unknown as Readable;
  void (async () => {
    try {
      for (const id of workIds) {
        const bundle = await bundleOf(deps, id);
        // A work made private or withdrawn since the list was read has no public bundle.
        if (bundle) zip.addBuffer(bundle.zip, bundle.name, { compress: false, mode: 0o100644 });
      }
      zip.end();
    } catch (err) {
      // The answer has started: the only honest signal left is a broken download.
      log.error({ err }, 'building the zip of proof bundles failed');
      output.destroy(err as Error);
    }
  })();
  return output;
}
