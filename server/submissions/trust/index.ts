// Trust engine (decision 0030): computeTrust is the one entry point.
export { computeTrust } from './trust';
export { RUBRIC_VERSION } from './rubric';
export { analysePromptSpecificity } from './prompt-specificity';
export type {
  DimensionKey,
  DimensionResult,
  EmbeddedMetadata,
  NameClaim,
  PromptCategory,
  PromptSpecificity,
  PromptVisibility,
  SpecificityLevel,
  TrustEvidence,
  TrustReason,
  TrustResource,
  TrustResult,
} from './types';
