// One public work's bundle.zip, as GET /api/submissions/{id}/bundle.zip serves it, for callers
// outside this feature (the manage feature zips all of an artist's bundles; app.ts hands it this
// function through the port in server/works/manage-ports.ts).
import type { PublicWorkBundle } from '../works/manage-ports';
import { witnessedProofBundle } from '../tlog/witnessing/proof-bundle';
import { downloadName, renderBundleFiles } from './artefacts';
import { zipBundle } from './bundle';
import { loadPublicWork } from './load-work';

export const publicWorkBundle: PublicWorkBundle = async (deps, workId) => {
  const work = await loadPublicWork(deps, workId);
  if (!work) return null;
  const proof = await witnessedProofBundle(deps, work.id);
  const files = await renderBundleFiles({ work, proof, siteUrl: deps.config.siteUrl });
  return { name: downloadName(work, 'bundle.zip'), zip: await zipBundle(files, new Date(work.created_at)) };
};
