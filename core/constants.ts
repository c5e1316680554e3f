// Business constants (docs/product.md §9), with the changes of docs/decisions/ applied.
// Pure data: safe to import from the server and from the browser bundle.
//
// Deliberately absent (decision records replace them):
// - the artist page's own bands 80/60 (decision 0004: one scale everywhere, see core/status.ts);
// - the client-set "fast-submit trust_meter 70" (decision 0001: the server computes the score);
// - the 3-second pause of bulk image generation (decision 0018: we check and rebuild derivatives instead).

// ---- Trust scale (docs/product.md §4, §9) ----
export const TRUST_MIN = 0;
export const TRUST_MAX = 100;

/** Lower bound of each status band. Below `verified` the work is 'Incomplete'. */
export const TRUST_THRESHOLDS = {
  verified: 62,
  documented: 65,
  traceable: 75,
  provenanceStrong: 85,
} as const;

/** Minimum score for home featured works, the admin 'Verified' label and the deleted page's good badge. */
export const VERIFIED_THRESHOLD = TRUST_THRESHOLDS.verified;

/** The signal-strength bar never shrinks below this width, so a score of 0 is still visible. */
export const SIGNAL_MIN_WIDTH_PERCENT = 5;

// ---- Paging and lists ----
export const PAGE_SIZES = {
  ledger: 12,
  artist: 12,
  admin: 25,
  audit: 50,
} as const;

/** Artist page: at most this many numbered page buttons, sliding with the current page. */
export const ARTIST_PAGER_BUTTONS = 5;

/** Ledger pager: numbered buttons for this many pages at the start and (total exact) at the end; cursors between. */
export const LEDGER_PAGER_EDGE_PAGES = 3;

/** Admin pager: first, last, and pages within this distance of the current one. */
export const ADMIN_PAGER_NEIGHBOURS = 1;

/**
 * A kept deeper page of a ledger list (the app's ledger page past page 1, the public read API
 * with offset or cursor) may go on being served this long after a new work entered its list.
 * First pages show a new work at once; a changed, removed or made-private work leaves every
 * answer at once; single works are always current (server/ledger-cache/cached-answers.ts).
 */
export const LEDGER_LIST_STALE_SECONDS = 5;

/**
 * While new works come in faster than this, a server process shows them in its kept answers
 * (first pages, the figures) at most this often: each time, every first page a new work enters
 * is rebuilt, so a stream of registrations costs a bounded number of rebuilds a second, not one
 * per work. A registration answers only once its work shows; a changed, removed or made-private
 * work leaves every answer at once (server/ledger-cache/stamp-publisher.ts).
 */
export const LEDGER_ADDITIONS_SERVED_EVERY_MS = 100;

/**
 * A change made through another server process reaches this one's kept answers when the
 * database's notice of it arrives (milliseconds), and at the latest this long after the change
 * even if the notice is lost: the kept change stamps are read again at least this often
 * (server/ledger-cache/ledger-stamps.ts). A process sees changes made through itself at once.
 */
export const LEDGER_NOTICE_BOUND_SECONDS = 1;

/** Totals of a filtered ledger list are counted exactly up to this many works; above it they are estimates shown as "10,000+". */
export const LEDGER_EXACT_TOTAL_CAP = 10_000;

/**
 * Deepest position an OFFSET read may start at: a numbered page of a filtered ledger list at most
 * this many works from the nearer readable end (the whole ledger's pages are placed by segment
 * counts at any depth, decision 0071), the public API's `offset` at most this. OFFSET reads
 * every row it skips, so deeper places are reached by cursor (one index range read at any depth),
 * as search engines' own APIs cap result windows.
 */
export const MAX_OFFSET_ROWS = 10_000;

/** Home: this many random works shown out of a pool of the newest FEATURED_POOL eligible ones. */
export const FEATURED_COUNT = 5;
export const FEATURED_POOL = 50;

// ---- Text limits (characters) ----
export const LIMITS = {
  title: 200,
  prompt: 5000,
  story: 2000,
  email: 100,
  fullName: 100,
  artistName: 100,
  // Our additions, so no field is unbounded:
  toolOther: 100,
  coAuthorName: 100,
  coAuthors: 10,
  profileLinkUrl: 2000,
  removalUrl: 2000,
  removalName: 100,
  removalEmail: 100,
  removalReason: 2000,
  removalAdditionalInfo: 5000,
  adminNotes: 2000,
  adminPassword: 1000,
} as const;

/**
 * The artist's other works that share a profile link with a new work are counted up to this
 * many; more are shown as "more than 1000" (the trust engine only asks whether there are any).
 */
export const SHARED_LINK_WORKS_COUNTED_UP_TO = 1_000;
/**
 * The claimant's other works under a name are counted up to this many (an index range cut at the
 * bound, whatever the artist's size); more are shown as "more than 1000".
 */
export const IDENTITY_WORKS_COUNTED_UP_TO = 1_000;

/** Profile links: the wizard starts with `min` inputs, allows up to `max`; remove only while more than `min`. */
export const PROFILE_LINKS = { min: 2, max: 5 } as const;

export const WIZARD_STEPS = 7;

// ---- Images (docs/product.md §5, decisions 0007, 0008, 0009) ----
export const IMAGE_RESIZE_HEIGHT = 360;
/** JPEG quality as the browser canvas takes it (0-1); sharp takes it as 80. */
export const IMAGE_JPEG_QUALITY = 0.8;
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/**
 * Largest accepted picture: 50 megapixels, checked from the header before any pixel is decoded,
 * so a small file that would expand to gigabytes of pixels (a "decompression bomb") costs nothing.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;
export const MAX_IMAGE_LABEL = '10MB';
/**
 * Most chunks a PNG may have, as well as most bytes (issue 34): 600,000 chunks of a few bytes fit
 * in 9 MB and cost the decoder and metadata readers seconds. Real files have a few dozen extras
 * (text, colour profile, EXIF; an animated PNG two per frame) and IDAT pieces of 8-64 KB.
 */
export const PNG_CHUNK_LIMITS = {
  /** Ancillary chunks (lower-case first letter: text, metadata, animation frames). */
  ancillary: 4_096,
  /** Every chunk, pixel data included. */
  total: 65_536,
} as const;
export const ACCEPTED_IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type AcceptedImageMimeType = (typeof ACCEPTED_IMAGE_MIME_TYPES)[number];
/** For an <input type="file" accept=...> attribute. The server still checks the bytes. */
export const IMAGE_ACCEPT_ATTRIBUTE = [...ACCEPTED_IMAGE_MIME_TYPES, '.jpg', '.jpeg', '.png', '.webp'].join(',');
export const SUPPORTED_FORMATS_TEXT = 'Supported: JPG, PNG, WebP (max 10MB)';

// ---- Ledger filters ----
export const DATE_FILTER_DAYS = { week: 7, month: 30, year: 365 } as const;
export type DateFilter = keyof typeof DATE_FILTER_DAYS;
/**
 * The ledger's query texts (search, and the tool, platform and tag filters: their names are far
 * shorter) and its page number: pages past the end answer an empty list, this bound only keeps
 * the offset arithmetic sane.
 */
export const LEDGER_QUERY_LIMITS = { search: 200, filter: 100, page: 1_000_000 } as const;

/** Cards show at most this many usage types and tags, then '+N'. */
export const CARD_LIMITS = { usageTypes: 2, tags: 3 } as const;

// ---- Proof page and exports ----
export const SEMANTIC_TOKENS = { shown: 12, export: 8, minWordLength: 3 } as const;
export const SHORT_ID_LENGTH = 8;
export const HASH_DISPLAY = { full: 24, metadataPanel: 16 } as const;
export const BADGE_SIZES = {
  large: { width: 800, height: 300 },
  small: { width: 400, height: 150 },
} as const;
export type BadgeSize = keyof typeof BADGE_SIZES;

/** Quick View shows its spinner this long before 'Details loaded'. */
export const QUICK_VIEW_DELAY_MS = 800;

// ---- Public read API (docs/product.md §7, §9) ----
export const PUBLIC_API_FORMATS = ['json', 'jsonl', 'csv', 'xml', 'rss'] as const;
export type PublicApiFormat = (typeof PUBLIC_API_FORMATS)[number];
export const PUBLIC_API = {
  defaultLimit: 100,
  maxLimit: 1000,
  defaultOffset: 0,
  rateLimitPerHour: 1000,
  cacheSeconds: 300,
  apiVersion: '1.0',
  formats: PUBLIC_API_FORMATS,
} as const;
export const DATASET_LICENSE = 'CC BY 4.0';

// ---- Removal, rights and legal texts ----
/** Decision 0006: one figure everywhere (the original's 'within 24 hours' is dropped). */
export const REMOVAL_VETTING_TEXT = '48-72 hours';
export const RIGHTS_REQUEST_HOURS = 72;
export const RIGHTS_REQUEST_TEXT = '72 hours';
/** Admin deleted page: 'deleted in the last 7 days' counter. */
export const DELETED_RECENT_DAYS = 7;
export const LEGAL = { minimumAge: 18, notForUnder: 13, governingLaw: 'Pennsylvania' } as const;

// ---- Fixed values of a fast submission (docs/product.md §3 "Fast-submit payload") ----
// Tags and platform are no longer fixed (decision 0021): the artist gives them, see below.
export const FAST_SUBMIT = {
  usageType: ['Personal Project'],
  verificationMethod: 'fast_submit',
} as const;

// ---- Tags and where the tool ran (decision 0021, issue 17) ----
/**
 * Tags of a work: 'AI Art' is always the first and cannot be removed; the artist adds the rest
 * (at most `max` in all). Free tags are stored trimmed and in lower case (see core/tags.ts).
 */
export const TAGS = { always: 'AI Art', max: 10, maxLength: 40 } as const;

/** Where the AI tool ran, in the order the wizard offers them. */
export const PLATFORMS = ['Discord', 'Web', 'Mobile', 'API', 'Desktop/local', 'Other'] as const;
export type Platform = (typeof PLATFORMS)[number];
export const DEFAULT_PLATFORM: Platform = 'Web';
/**
 * Values stored before the artist could choose, and the choice each one counts as in the
 * ledger's filter. The records keep their stored value; 'Web' finds them too.
 */
export const LEGACY_PLATFORMS: Readonly<Record<string, Platform>> = { 'Web Browser': 'Web' };

// 'Registered', not 'Verified': registering is not verification; only a score of 62 or more is (issue 17).
export const VERIFICATION_METHOD_LABELS: Readonly<Record<string, string>> = {
  fast_submit: 'Registered via Fast Submit',
};

/** Human label for a stored verification_method; unknown methods are shown as stored. */
export function verificationMethodLabel(method: string | null | undefined): string {
  if (!method) return '';
  return VERIFICATION_METHOD_LABELS[method] ?? method;
}

/** Stored in place of an empty prompt (docs/product.md §3). It carries no meaning, so it yields no tokens. */
export const NO_PROMPT_TEXT = 'No prompt provided';

/** Licence shown when a record has none stored (docs/product.md §3). */
export const DEFAULT_DISPLAY_LICENSE = 'CC BY 4.0';

// ---- Domain enumerations (docs/product.md §3) ----
export const PROMPT_VISIBILITIES = ['public', 'private'] as const;
export type PromptVisibility = (typeof PROMPT_VISIBILITIES)[number];

export const REMOVAL_REQUEST_STATUSES = ['pending', 'processing', 'approved', 'denied'] as const;
export type RemovalRequestStatus = (typeof REMOVAL_REQUEST_STATUSES)[number];
/** An admin may move a request only from pending to one of these. */
export const REMOVAL_DECISIONS = ['approved', 'denied'] as const;
export type RemovalDecision = (typeof REMOVAL_DECISIONS)[number];

/** Public form of a registry id: VW-YYYY-NNNNNN. */
export const REGISTRY_ID_PREFIX = 'VW';
export const REGISTRY_SEQ_MIN_DIGITS = 6;

// ---- Manage my works (issue 18) ----
/**
 * A link sent to the artist's address opens the manage page once and expires after
 * `linkMinutes`; the page's session (a cookie) lasts `sessionMinutes`. At most
 * `linksPerAddressPerHour` links are sent to one address an hour (more requests get the same
 * answer and no e-mail). One client address may ask for links `requestsPerHour` times and open
 * links `opensPerHour` times: two budgets, so asking from a shared address never locks the artist
 * out of the link they were just sent.
 */
export const MANAGE = {
  linkMinutes: 30,
  sessionMinutes: 60,
  linksPerAddressPerHour: 3,
  requestsPerHour: 10,
  /** Links one client address may open an hour (a family of its own, not the asking budget). */
  opensPerHour: 30,
  /** Reads and changes of the manage page one client address may make an hour. */
  changesPerHour: 200,
  /** Resources a work may carry (the fast-submit marker not counted). */
  maxResources: 10,
  resourceDescription: 100,
  withdrawalReason: 500,
  /** The zip of all proof bundles: at most this many works, and this many downloads an hour. */
  bundlesPerZip: 100,
  bundleZipsPerHour: 5,
} as const;
/** The manage page; the e-mailed link is MANAGE_PATH?token=… */
export const MANAGE_PATH = '/manage';

// ---- E-mailed confirmation links (decision 0053) ----
/**
 * The pages the confirmation links of e-mails open: each shows a button that POSTs the token,
 * because mail scanners open GET links and must not confirm anything.
 */
export const CONFIRM_PAGES = {
  /** The registration's e-mail verification: ?token=… */
  email: '/confirm-email',
  /** A watch's confirmation: ?token=… */
  watch: '/watch/confirm',
  /** A co-author's confirmation (decision 0064): ?token=… */
  coAuthor: '/co-author/confirm',
} as const;
/** E-mail verification links one client address may open (POST) an hour. */
export const EMAIL_CONFIRMATIONS_PER_HOUR = 30;
/** Resource kinds an artist adds on the manage page: a profile of theirs, or a link about this work. */
export const MANAGE_RESOURCE_TYPES = ['artist_profile', 'external_link'] as const;
export type ManageResourceType = (typeof MANAGE_RESOURCE_TYPES)[number];

// ---- Batch registration (issue 18) ----
/**
 * Works one POST /api/submissions/batch may register. Each counts against the daily
 * registration budget like a single registration, so a batch never registers more than
 * RATE_LIMIT_SUBMISSIONS_PER_DAY allows.
 */
export const BATCH_MAX_WORKS = 50;

// ---- Watch alerts (issue 18) ----
/**
 * Anyone may watch a public work with a confirmed address. The registry is scanned for copies
 * every `scanSeconds`, and new alerts are mailed in the same run, so an alert reaches its
 * watcher well within `promiseMinutes` (the figure pages and the README state).
 */
export const WATCH = {
  scanSeconds: 60,
  promiseMinutes: 5,
  /** Watch requests one client address may make an hour. */
  requestsPerHour: 10,
  /**
   * Confirmation e-mails one address may be sent an hour, whatever the works and whoever asks:
   * further requests get the same answer and no e-mail (as the manage link's).
   */
  confirmationsPerAddressPerHour: 3,
  /**
   * A pending confirmation is not sent again while it is younger than this: repeated requests for
   * one work and address send one e-mail. Past it, a request sends a fresh link (the old one stops).
   */
  pendingConfirmationHours: 24,
  /** Confirmation links one client address may open an hour. */
  confirmationsPerHour: 30,
  /** Entries in a work's alert feed. */
  feedEntries: 50,
} as const;

// ---- Image processing and connections, per client (issue 34) ----
// One client (an address, IPv6 counted per /64) gets a share of what every visitor uses at once.
export const CLIENT_SHARES = {
  /**
   * Places in the image queue (running plus waiting) one client may hold, unless
   * IMAGE_QUEUE_PER_CLIENT says otherwise; the batch form uploads two at a time, which fits.
   */
  defaultImagePlaces: 3,
  /**
   * Open HTTP connections from one address, unless HTTP_MAX_CONNECTIONS_PER_IP says otherwise:
   * a few browsers behind one router (six each) with their live-update streams.
   */
  defaultConnections: 32,
  /** Retry-After for a connection refused because its address holds its share. */
  connectionRetryAfterSeconds: 5,
} as const;

// ---- Live updates (GET /api/events) ----
// A stream stays open for as long as the page does, so places are counted while open, not per
// request like the rate limits.
export const SSE_LIMITS = {
  /** Open streams one process keeps; past this, new clients get 503 and their EventSource retries. */
  maxClients: 5_000,
  /** Open streams one client address may hold, unless SSE_MAX_PER_IP says otherwise. */
  defaultMaxPerAddress: 10,
  /** Retry-After for a refused stream; a place frees whenever any stream closes. */
  retryAfterSeconds: 30,
} as const;

// ---- Bulk lookups (POST /api/lookup/batch, issue 34) ----
// A bulk lookup costs what it weighs: its budgets count hashes, not requests, and the heavy ones
// are taken one per client and a few per process, so a burst of them cannot freeze the server.
export const LOOKUP_BATCH = {
  /** Hashes one request may send. */
  maxHashes: 10_000,
  /** Hashes one client address may look up a minute: ten full batches, so an eleventh is refused. */
  hashesPerMinute: 100_000,
  /** Hashes one client address may look up a day: a hundred full batches. */
  hashesPerDay: 1_000_000,
  /** Bulk lookups one process answers at once; past this, 503 with Retry-After. */
  runningPerProcess: 2,
  /** Retry-After, in seconds, for a lookup refused because others are running. */
  retryAfterSeconds: 5,
} as const;

// ---- Name-claim disputes (issue 33, decision 0063) ----
export const CLAIM_DISPUTE = {
  /** Links that prove the disputer's identity: at least one, at most this many. */
  maxLinks: 10,
  explanationMax: 5000,
  /** Disputes one client address may file a day. */
  perDay: 5,
  /** Confirmation e-mails one disputer address gets an hour, whoever asks. */
  confirmationsPerAddressPerHour: 3,
  /** Confirmation links one client address may open (POST) an hour. */
  confirmationsPerHour: 30,
  /**
   * The e-mailed link works this long. Until then the unconfirmed dispute is the address's open one
   * for the name (asking again sends nothing); after it, asking again sends a fresh link, and the
   * hourly clean-up deletes the unconfirmed dispute.
   */
  confirmLinkHours: 24,
} as const;
/** The page the dispute's e-mailed link opens: ?token=…; its button POSTs the token (decision 0053). */
export const CLAIM_DISPUTE_CONFIRM_PAGE = '/artist-dispute/confirm';
/** 'unconfirmed' never reaches admins: its address has not opened the e-mailed link yet. */
export const CLAIM_DISPUTE_STATUSES = ['unconfirmed', 'pending', 'upheld', 'rejected'] as const;
export type ClaimDisputeStatus = (typeof CLAIM_DISPUTE_STATUSES)[number];
/** The statuses admins see and filter by. */
export const CLAIM_DISPUTE_ADMIN_STATUSES = ['pending', 'upheld', 'rejected'] as const;
export const CLAIM_DISPUTE_DECISIONS = ['upheld', 'rejected'] as const;
export type ClaimDisputeDecision = (typeof CLAIM_DISPUTE_DECISIONS)[number];
/** What upholding did: the name is unclaimed, or it is the disputer's proven identity's now. */
export const CLAIM_DISPUTE_OUTCOMES = ['released', 'transferred'] as const;
export type ClaimDisputeOutcome = (typeof CLAIM_DISPUTE_OUTCOMES)[number];
// ---- Co-authors confirm by e-mail (issue 33, decision 0064) ----
export const CO_AUTHOR_INVITES = {
  /** A co-author's link works this long (and once). */
  linkDays: 14,
  /**
   * Invitation e-mails one address may be sent an hour, whatever the works and whoever asks: the
   * address is typed by the registering artist, so the registry must not become a way to mail it.
   */
  perAddressPerHour: 3,
  /** Answers (look, confirm, decline) one client address may send an hour. */
  answersPerHour: 30,
} as const;
