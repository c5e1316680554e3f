import {
  Award,
  BadgeCheck,
  BellRing,
  Braces,
  FileCheck,
  FileSearch,
  Fingerprint,
  Gauge,
  Images,
  KeyRound,
  ListTree,
  MessageSquareText,
  ShieldCheck,
  Scale,
  Users,
} from 'lucide-react';
import type { Feature, SpecTile } from './FeatureCard';

// Only features that exist in the product are listed here (decision 0003). Add a card when the
// feature ships, never before.

export const CORE_FEATURES: Feature[] = [
  {
    icon: Gauge,
    title: 'Server-computed trust score',
    text: 'Every work gets a score from 0 to 100, computed by our server from five dimensions: claim clarity, source depth, verification logic, temporal context and mesh linkage. The reasons behind the score are shown on each proof page, so you can see how to raise it.',
  },
  {
    icon: Fingerprint,
    title: 'Image fingerprints',
    text: 'The server computes the SHA-256 of your original image and a perceptual hash that spots near-duplicates. Anyone can check a file against the registry on the verify-a-file page.',
    link: { to: '/lookup', label: 'Verify a file' },
  },
  {
    icon: FileSearch,
    title: 'Embedded metadata reading',
    text: 'We read EXIF, XMP and IPTC data, the generation parameters that Automatic1111, ComfyUI, NovelAI and InvokeAI write into PNG files, and C2PA manifests, and use them as evidence.',
  },
  {
    icon: ListTree,
    title: 'Public transparency log',
    text: 'Every registration is appended to an append-only log: an RFC 9162 Merkle tree with Ed25519-signed checkpoints in the C2SP format. Your browser verifies the inclusion proof on the proof page itself.',
  },
];

export const SPEC_TILES: SpecTile[] = [
  { label: 'Formats', value: 'JPG · PNG · WebP', detail: 'Recognised by the file bytes on the server, not by the file name.' },
  { label: 'Maximum size', value: '10 MB', detail: 'Checked in your browser and enforced by the server.' },
  { label: 'Display images', value: '360 px high', detail: 'JPEG derivatives at quality 80, with embedded location data removed.' },
  { label: 'Trust scale', value: '0-100', detail: 'Five dimensions, scored by the server; 62 or more is Verified.' },
  { label: 'AI tools', value: '42 choices', detail: 'From Adobe Firefly to Wombo Dream, plus Other for anything else.' },
  { label: 'Public API', value: '1000 / hour', detail: 'Requests per IP address, in JSON, JSONL, CSV, XML and RSS.' },
];

export const ADVANCED_FEATURES: Feature[] = [
  {
    icon: Award,
    title: 'Downloadable badges',
    text: 'PNG badges at 800×300 and 400×150, SVG, JSON-LD, a text and a PDF report, or everything in one zip bundle. The live badge at /badge/{id}.svg always shows the current status.',
    link: { to: '/implementation', label: 'Add a badge to your site' },
  },
  {
    icon: MessageSquareText,
    title: 'Prompt specificity analysis',
    text: 'A detailed, specific prompt is stronger evidence than a vague one. The analysis feeds the claim-clarity part of the score, and its reasons are shown with the score.',
  },
  {
    icon: Users,
    title: 'Multi-author attribution',
    text: 'Credit the co-authors of a work alongside the artist, so a shared piece carries every name.',
  },
  {
    icon: Braces,
    title: 'Structured data and link previews',
    text: 'Proof pages carry schema.org VisualArtwork JSON-LD in the HTML sent to crawlers, Open Graph and Twitter card tags, and oEmbed discovery, so shared links show a proper preview.',
  },
  {
    icon: Scale,
    title: 'Artist permissions in the data',
    text: 'Six permission choices are stored and exported. Dataset users can filter with training_allowed, download a gzipped JSONL dump, and read a Croissant dataset description.',
    link: { to: '/api/docs', label: 'Read the API documentation' },
  },
  {
    icon: ShieldCheck,
    title: 'Fair use and moderation',
    text: 'IP-based rate limits and daily fair-use limits on submissions and removal requests. Removal requests are reviewed within 48-72 hours, and every admin action is recorded in a full audit log.',
  },
];

/** Added after the first release (issues 15, 18, 20): what artists and the people they hand a proof to can do. */
export const ARTIST_TOOLS: Feature[] = [
  {
    icon: KeyRound,
    title: 'Manage your works by e-mail',
    text: 'Ask for a single-use link sent to the address you registered with: add or remove resources, change what is public, withdraw a work. Every change is recorded in its history and in the log.',
    link: { to: '/manage', label: 'Manage my works' },
  },
  {
    icon: Images,
    title: 'Register several works at once',
    text: 'Up to 50 images in one go, with what they share entered once. Each becomes a registration of its own, and you get a CSV of the Registry IDs.',
    link: { to: '/fast-submit/batch', label: 'Register several works' },
  },
  {
    icon: BellRing,
    title: 'Alerts about copies',
    text: 'Watch a work and get an e-mail when someone registers the same image, a near-identical one, or claims its profile links; or follow its alerts as an Atom feed.',
  },
  {
    icon: BadgeCheck,
    title: 'Live badge element',
    text: 'One script tag and a <veriwork-badge> element show a work’s current status on any site, and link to its proof page.',
    link: { to: '/implementation', label: 'Add a badge to your site' },
  },
  {
    icon: FileCheck,
    title: 'Proof checker',
    text: 'Anyone can drop a work’s bundle or proof.json, with the image, on the Check a Proof page: the browser checks the log proof and the signature itself, and nothing is uploaded.',
    link: { to: '/verify-proof', label: 'Check a proof' },
  },
];
