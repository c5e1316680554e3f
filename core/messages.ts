// Every user-facing validation, error, success and info message (docs/product.md §5, §8), as toast
// title + description pairs under stable ids. The zod schemas use these ids as issue messages,
// so the server's error body and the browser's toast show the same words. Error sentences that
// only API clients read (no title) are in api-error-texts.ts; each error code's default in
// error-codes.ts.
import {
  BATCH_MAX_WORKS,
  LIMITS,
  LOOKUP_BATCH,
  MANAGE,
  MAX_IMAGE_BYTES,
  MAX_IMAGE_PIXELS,
  PNG_CHUNK_LIMITS,
  PLATFORMS,
  PROFILE_LINKS,
  REMOVAL_VETTING_TEXT,
  TAGS,
} from './constants';
import { isVerifiedScore, trustStatus } from './status';
import { waitText } from './wait-text';

export interface MessagePair {
  title: string;
  description: string;
}

export const MESSAGES = {
  // ---- Quick-start form (docs/product.md §5, checked in this order) ----
  imageRequired: { title: 'Image required', description: 'Please upload an image of your artwork.' },
  emailRequired: { title: 'Email required', description: 'Please provide your email address.' },
  emailInvalid: { title: 'Invalid email', description: 'Please enter a valid email address.' },
  nameRequired: { title: 'Name required', description: 'Please provide your name or artist name.' },
  titleRequired: { title: 'Title required', description: 'Please provide a title for your artwork.' },
  processingFailed: { title: 'Processing failed', description: 'Could not process image. Please try again.' },
  unexpectedError: { title: 'Error', description: 'Something went wrong. Please try again.' },

  // ---- Fast submit (docs/product.md §5, §8) ----
  fastImageRequired: { title: 'Image required', description: 'Please upload an image first.' },
  fastTitleRequired: { title: 'Title required', description: 'Please give your artwork a title.' },
  toolRequired: { title: 'AI Tool required', description: 'Please select the AI tool you used to create this artwork.' },
  toolOtherRequired: {
    title: 'Tool specification required',
    description: "Please specify which AI tool you used since you selected 'Other'.",
  },
  fastEmailRequired: { title: 'Email required', description: 'Please provide your email address for verification.' },
  fastNameRequired: { title: 'Name required', description: 'Please provide either your full name or artist name.' },
  uploadIncomplete: {
    title: 'Upload incomplete',
    description: 'Please wait for your image to finish uploading before submitting.',
  },
  uploadFailed: { title: 'Upload failed', description: 'Could not upload image. Please try again.' },
  uploadProcessingFailed: { title: 'Upload failed', description: 'Could not process image. Please try again.' },
  submissionFailed: { title: 'Submission failed', description: 'Please try again. Make sure all required fields are filled.' },

  // ---- Our additions: limits the spec states but does not word (decisions 0007, 0008) ----
  imageTooLarge: { title: 'Image too large', description: `Images can be at most ${MAX_IMAGE_BYTES / (1024 * 1024)} MB.` },
  unsupportedImageType: { title: 'Unsupported image type', description: 'Please upload a JPG, PNG or WebP image.' },
  imageUnreadable: {
    title: 'Unreadable image',
    description: 'The file could not be read as an image. It may be damaged or incomplete.',
  },
  imageTooManyPixels: {
    title: 'Image too large',
    description: `The image has too many pixels (at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels).`,
  },
  imageNotProcessed: {
    title: 'Could not process image',
    description: 'This image took too long or needed too much memory to process. Please try a smaller or simpler file.',
  },
  imageTooManyChunks: {
    title: 'Too many PNG chunks',
    description: `The PNG is split into too many chunks (at most ${PNG_CHUNK_LIMITS.ancillary.toLocaleString('en-US')} for text and other extras, ${PNG_CHUNK_LIMITS.total.toLocaleString('en-US')} in all). Please save it again from your image editor.`,
  },
  tooManyImagesAtOnce: {
    title: 'Too many images at once',
    description:
      'Your address already has the most images allowed in processing at once. Please wait for one to finish, then try again.',
  },
  tooManyConnections: {
    title: 'Too many connections',
    description: 'Your address already has the most connections allowed open at once. Please close some, then try again.',
  },
  requestBodyTooSlow: {
    title: 'Upload too slow',
    description: 'The request stopped arriving, or arrived too slowly, and was cut off. Please check your connection and try again.',
  },
  imageServerBusy: {
    title: 'Server busy',
    description: 'The server is busy processing other images. Please try again in a few seconds.',
  },
  registrationsBusy: {
    title: 'Server busy',
    description: 'The server is busy with many registrations at once. Please try again in a few seconds.',
  },
  notMultipart: { title: 'Upload failed', description: "Please send the image as multipart/form-data, in a field named 'file'." },
  uploadAlreadyUsed: { title: 'Already submitted', description: 'This image was already submitted.' },
  emailLinkInvalid: { title: 'Link not valid', description: 'This verification link is not valid or has already been used.' },
  // ---- Manage my works (issue 18) ----
  manageLinkSent: {
    title: 'Check your inbox',
    description: `If works are registered with this address, we have sent it a link to manage them. The link works once and expires in ${MANAGE.linkMinutes} minutes.`,
  },
  // The e-mailed link opens a page with a button (decision 0053): a mail scanner that opens the
  // link, even one that runs the page's scripts, does not spend it.
  manageOpenPage: {
    title: 'Open your works',
    description: 'Press the button to see and manage the works registered with your address. The link works once.',
  },
  manageOpenButton: { title: 'Open my works', description: 'Spends the link and signs you in for this browser.' },
  manageLinkExpired: { title: 'Link expired', description: 'This link has expired. Please ask for a new one.' },
  manageLinkUsed: { title: 'Link already used', description: 'This link has already been used. Please ask for a new one.' },
  manageLinkInvalid: { title: 'Link not valid', description: 'This link is not valid. Please ask for a new one.' },
  manageSessionRequired: {
    title: 'Sign-in link required',
    description: 'Your manage session has ended. Please ask for a new link from the proof page of any of your works.',
  },
  manageWorkNotFound: { title: 'Work not found', description: 'No work of yours has this id.' },
  manageWorkWithdrawn: { title: 'Work withdrawn', description: 'This work has been withdrawn and can no longer be changed.' },
  manageResourceInvalid: {
    title: 'Link not valid',
    description: 'Please enter a full web address starting with http:// or https://.',
  },
  manageTooManyResources: { title: 'Too many links', description: `A work can have at most ${MANAGE.maxResources} resources.` },
  manageResourceDuplicate: { title: 'Link already added', description: 'This work already has this link.' },
  manageNothingChanged: { title: 'Nothing changed', description: 'This change leaves the work as it was.' },
  manageReasonRequired: {
    title: 'Reason required',
    description: `Please say why you withdraw this work (at most ${MANAGE.withdrawalReason} characters).`,
  },
  manageWorkUpdated: { title: 'Work updated', description: 'The change is saved and recorded in the transparency log.' },
  manageLinksChecked: {
    title: 'Links checked',
    description: 'Each page was fetched again: the states and the score below are the new ones.',
  },
  manageLinksStillChecking: {
    title: 'Still checking',
    description: 'The pages are being fetched in the background: reload this page in a minute to see the result.',
  },
  uploadInvalid: { title: 'Image required', description: 'The image upload was not recognised. Please upload the image again.' },
  uploadNotFound: { title: 'Upload expired', description: 'The uploaded image could not be found. Please upload it again.' },
  uploadNotStored: { title: 'Upload incomplete', description: 'Your image was not saved completely. Please upload it again.' },
  uploadFilesMissing: { title: 'Upload missing', description: 'Your uploaded image is no longer stored. Please upload it again.' },
  titleTooLong: { title: 'Title too long', description: `Titles can be at most ${LIMITS.title} characters.` },
  promptTooLong: { title: 'Prompt too long', description: `Prompts can be at most ${LIMITS.prompt} characters.` },
  storyTooLong: { title: 'Story too long', description: `The story can be at most ${LIMITS.story} characters.` },
  toolUnknown: { title: 'AI Tool required', description: "Please choose an AI tool from the list, or 'Other'." },
  toolOtherTooLong: { title: 'Tool name too long', description: `The tool name can be at most ${LIMITS.toolOther} characters.` },
  promptVisibilityInvalid: { title: 'Invalid prompt visibility', description: "Prompt visibility must be 'public' or 'private'." },
  emailTooLong: { title: 'Email too long', description: `Email addresses can be at most ${LIMITS.email} characters.` },
  fullNameTooLong: { title: 'Name too long', description: `Your full name can be at most ${LIMITS.fullName} characters.` },
  artistNameTooLong: { title: 'Name too long', description: `Your artist name can be at most ${LIMITS.artistName} characters.` },
  // Our addition (issue 34): one-line fields stay on one line; links carry no credentials.
  controlCharacters: {
    title: 'Invalid characters',
    description: 'Titles, names and tool names must fit on one line: please remove line breaks, tabs and other control characters.',
  },
  linkHasCredentials: {
    title: 'Link not accepted',
    description: 'Links cannot contain a user name or password (user:password@). Please give the public address only.',
  },
  profileLinkInvalid: {
    title: 'Invalid profile link',
    description: 'Profile links must be full web addresses starting with https:// or http://.',
  },
  profileLinkTooLong: {
    title: 'Profile link too long',
    description: `Profile links can be at most ${LIMITS.profileLinkUrl} characters.`,
  },
  tooManyProfileLinks: { title: 'Too many profile links', description: `You can add at most ${PROFILE_LINKS.max} profile links.` },
  coAuthorTooLong: {
    title: 'Co-author name too long',
    description: `Co-author names can be at most ${LIMITS.coAuthorName} characters.`,
  },
  tooManyCoAuthors: { title: 'Too many co-authors', description: `You can credit at most ${LIMITS.coAuthors} co-authors.` },
  permissionsInvalid: { title: 'Invalid permissions', description: 'Permission choices must be on or off.' },
  // Tags and platform (decision 0021)
  tagTooLong: { title: 'Tag too long', description: `Tags can be at most ${TAGS.maxLength} characters.` },
  tagInvalid: {
    title: 'Invalid tag',
    description: "Tags start with a letter or number and may contain letters, numbers, spaces and - ' & . + only.",
  },
  tooManyTags: { title: 'Too many tags', description: `You can add at most ${TAGS.max} tags, including '${TAGS.always}'.` },
  platformInvalid: { title: 'Where the tool ran', description: `Please choose where the AI tool ran: ${PLATFORMS.join(', ')}.` },

  // ---- Removal request (docs/product.md §5, §8) ----
  removalMissingInfo: { title: 'Missing Information', description: 'Please fill in all required fields.' },
  removalInvalidEmail: { title: 'Invalid Email', description: 'Please enter a valid email address.' },
  removalFailed: { title: 'Submission failed', description: 'There was an error submitting your request. Please try again.' },
  removalSubmitted: {
    title: 'Request Submitted Successfully',
    description: `Our moderators will review your request within ${REMOVAL_VETTING_TEXT}.`,
  },
  // Our addition (issue 17): what an empty required field says under itself; the toast keeps 'Missing Information'.
  removalUrlRequired: { title: 'Missing Information', description: 'Please enter the artwork URL or Registry ID.' },
  removalNameRequired: { title: 'Missing Information', description: 'Please enter your full name.' },
  removalEmailRequired: { title: 'Missing Information', description: 'Please enter your email address.' },
  removalReasonRequired: { title: 'Missing Information', description: 'Please give the reason for the removal.' },
  removalUrlTooLong: {
    title: 'Artwork URL too long',
    description: `The artwork URL or ID can be at most ${LIMITS.removalUrl} characters.`,
  },
  removalNameTooLong: { title: 'Name too long', description: `Your name can be at most ${LIMITS.removalName} characters.` },
  removalEmailTooLong: { title: 'Email too long', description: `Email addresses can be at most ${LIMITS.removalEmail} characters.` },
  removalReasonTooLong: { title: 'Reason too long', description: `The reason can be at most ${LIMITS.removalReason} characters.` },
  removalAdditionalInfoTooLong: {
    title: 'Additional information too long',
    description: `Additional information can be at most ${LIMITS.removalAdditionalInfo} characters.`,
  },

  // ---- Admin (docs/product.md §5, §8) ----
  adminLoginRequired: { title: 'Admin access', description: 'You must be logged in as an admin to access this page.' },
  adminCredentialsRequired: { title: 'Error', description: 'Please enter email and password.' },
  adminLoginFailed: { title: 'Login failed', description: 'Invalid credentials.' },
  adminCredentialsTooLong: { title: 'Login failed', description: 'Invalid credentials.' },
  // POST /api/admin/register (issue 37: moved here from the route); its other refusals keep this title.
  adminMasterKeyInvalid: { title: 'Registration failed', description: 'Invalid master key.' },
  adminSubmissionIdRequired: { title: 'Error', description: 'Please enter a submission ID' },
  adminNotesRequired: { title: 'Error', description: 'Please provide admin notes for this action.' },
  adminNotesTooLong: { title: 'Notes too long', description: `Admin notes can be at most ${LIMITS.adminNotes} characters.` },
  adminDecisionInvalid: { title: 'Error', description: "The decision must be 'approved' or 'denied'." },
  // The reason of a moderation step (core/admin-reason.ts); the dialogs word a missing one shorter.
  adminRemoveReasonRequired: { title: 'Error', description: 'Please give a reason for removing this submission.' },
  adminPurgeReasonRequired: { title: 'Error', description: 'Please give a reason for purging this submission.' },
  adminReasonNotText: { title: 'Error', description: 'The reason must be text.' },
  adminReasonMissing: { title: 'Error', description: 'Please enter a reason.' },
  removeFailed: { title: 'Error removing submission', description: 'Failed to remove the submission.' },
  restoreFailed: { title: 'Error restoring submission', description: 'Failed to restore the submission.' },
  loadSubmissionsFailed: { title: 'Error loading submissions', description: 'Failed to load submissions data.' },
  loadRequestsFailed: { title: 'Error loading requests', description: 'Failed to load removal requests.' },
  processRequestFailed: { title: 'Error processing request', description: 'Failed to process the removal request.' },
  loadDeletedFailed: { title: 'Error loading deleted submissions', description: 'Failed to load deleted submissions.' },
  loadAuditLogFailed: { title: 'Error loading audit log', description: 'Failed to load the audit log.' },
  loadSubmissionAuditFailed: { title: 'Error loading audit log', description: "Failed to load this submission's audit trail." },
  imageCheckFailed: { title: 'Error generating images', description: 'Failed to check the stored images. Please try again.' },
  imageGenerateFailed: { title: 'Error generating image', description: 'Failed to generate image. Please try again.' },
  imageTestFailed: { title: 'Test failed', description: 'Failed to generate image. Please try again.' },
  imageTestSucceeded: { title: 'Test successful!', description: 'Image generation is working correctly.' },

  // ---- Generic server answers ----
  rateLimited: { title: 'Too many requests', description: 'Please wait a while before trying again.' },
  notFound: { title: 'Not found', description: 'Oops! Page not found' },
  batchEmpty: { title: 'No works to register', description: 'Add at least one image to register.' },
  batchTooLarge: {
    title: 'Too many works',
    description: `A batch can register at most ${BATCH_MAX_WORKS} works. Please split it into smaller batches.`,
  },
  batchOverBudget: {
    title: 'Daily limit reached',
    description: 'This batch would go over the number of works you can register today. Register fewer works, or try again tomorrow.',
  },
  batchItemForbiddenKey: {
    title: 'Invalid field name',
    description: "This work has a field named '__proto__' or 'constructor.prototype', which no form sends. Please remove it.",
  },
  // Bulk lookups (POST /api/lookup/batch, issue 34): one at a time per client, a few per server.
  lookupBatchRunning: {
    title: 'Lookup already running',
    description: 'Another bulk lookup from your address is still running. Please wait for its answer, then send the next one.',
  },
  lookupBatchBusy: {
    title: 'Server busy',
    description: 'The server is answering as many bulk lookups as it can. Please try again in a few seconds.',
  },
  lookupBatchOverBudget: {
    title: 'Lookup limit reached',
    description: `Bulk lookups count every hash: at most ${LOOKUP_BATCH.hashesPerMinute.toLocaleString('en')} a minute and ${LOOKUP_BATCH.hashesPerDay.toLocaleString('en')} a day per address. Please send fewer hashes, or try again later.`,
  },
  batchItemFailed: { title: 'Not registered', description: 'This work could not be registered. Please try again.' },
  batchNothingRegistered: {
    title: 'Nothing registered',
    description: 'No work of this batch could be registered: see the reason under each image.',
  },
  watchRequested: {
    title: 'Check your inbox',
    description: 'If the address can receive mail, a link to confirm the watch is on its way. Alerts start once it is confirmed.',
  },
  watchConfirmed: { title: 'Watching this work', description: 'You will get an e-mail when a copy of this work is registered.' },
  watchLinkInvalid: { title: 'Link not valid', description: 'This link is not valid or was already used.' },
  watchStopped: { title: 'Alerts stopped', description: 'You will no longer get alerts for this work.' },
  failedJobNotFound: {
    title: 'Job Not Found',
    description: 'No failed job has this id: it may have been retried already, or removed after a week.',
  },
  // The admin queue page (/admin/jobs, decision 0058).
  loadJobsFailed: { title: 'Error loading the job queue', description: 'Failed to load the job queue.' },
  jobRetried: { title: 'Job queued again', description: 'The job is back in its queue and runs again shortly.' },
  jobRetryFailed: { title: 'Error retrying job', description: 'Failed to put the job back in its queue.' },
  // The pages e-mailed links open (decision 0053): nothing happens until the button is pressed.
  watchConfirmPage: {
    title: 'Confirm the watch',
    description: 'Press the button to start getting an e-mail when a copy of this work is registered.',
  },
  watchConfirmButton: { title: 'Start watching', description: 'Starts the alerts for this address.' },
  emailConfirmPage: {
    title: 'Confirm your e-mail address',
    description: "Press the button to confirm the address of your registration. A verified address raises the work's trust score.",
  },
  emailConfirmButton: { title: 'Confirm my address', description: 'Marks the address verified.' },
  watchUnsubscribePage: { title: 'Stop the alerts', description: 'Press the button to stop the alerts for this work.' },
  watchUnsubscribeButton: { title: 'Stop alerts', description: 'Ends this watch.' },
  confirmLinkMissing: { title: 'Link not valid', description: 'This page needs the link from the e-mail. Please open it again.' },
  // ---- Co-authors confirm by e-mail (issue 33, decision 0064) ----
  coAuthorEmailInvalid: {
    title: 'Invalid co-author e-mail',
    description: "Please enter the co-author's e-mail address, or leave it empty.",
  },
  coAuthorEmailWithoutName: {
    title: 'Co-author name missing',
    description: 'Please enter the name of the co-author this address belongs to.',
  },
  coAuthorOwnAddress: {
    title: 'Not your own address',
    description: 'A co-author confirms with their own e-mail address: please enter theirs, not the one of this registration.',
  },
  coAuthorNotCredited: { title: 'Unknown co-author', description: 'This name is not among the co-authors credited for this work.' },
  coAuthorAlreadyConfirmed: { title: 'Already confirmed', description: 'This co-author has already confirmed.' },
  coAuthorDeclinedBefore: {
    title: 'Co-author declined',
    description: 'This co-author declined to confirm this work, so no further invitation is sent to them.',
  },
  coAuthorInviteLimit: {
    title: 'Please wait',
    description: 'This address has received as many co-author invitations as one address may get in an hour. Please try again later.',
  },
  coAuthorInviteSent: {
    title: 'Invitation sent',
    description: 'The co-author gets an e-mail with a link to confirm. Their address is never shown publicly.',
  },
  coAuthorLinkInvalid: {
    title: 'Link not valid',
    description: 'This co-author link is not valid, has expired or has already been used. The artist can send a new one.',
  },
  coAuthorConfirmPage: {
    title: 'Did you co-author this work?',
    description:
      'An artist registered this work and credited you as a co-author. Confirm only if you made it with them; your e-mail address is never shown publicly.',
  },
  coAuthorConfirmButton: { title: 'Yes, I co-authored it', description: 'Shows you as a confirmed co-author of the work.' },
  coAuthorDeclineButton: { title: 'No, I did not', description: 'Shows you as not confirmed; no further invitation is sent.' },
  coAuthorConfirmedDone: {
    title: 'Co-authorship confirmed',
    description: 'Thank you: the proof page now shows you as a confirmed co-author.',
  },
  coAuthorDeclinedDone: {
    title: 'Co-authorship declined',
    description: 'Thank you: the work will not count you as a confirmed co-author.',
  },
  coAuthorEmailHint: {
    title: 'E-mail (optional, private)',
    description:
      'We e-mail them a link to confirm. A confirmed co-author raises the trust score; the address is never shown publicly.',
  },
  // The manage page's co-author section (decision 0064, amended).
  coAuthorsManage: {
    title: 'Co-authors',
    description:
      'A co-author who confirms by e-mail raises the trust score. Enter their address to ask them; it is never shown publicly, not even here.',
  },
  coAuthorAsk: { title: 'Ask to confirm', description: 'E-mails the co-author a link to confirm or decline.' },
  coAuthorResend: { title: 'Send a new link', description: 'E-mails a new link; the old one stops working.' },
  submissionNotFound: {
    title: 'Submission Not Found',
    description: "This Registry ID doesn't exist or the submission is private.",
  },
  applicationError: { title: 'Error', description: 'Unexpected Application Error!' },
  // Our addition (issue 15): what an inclusion proof by id says about a work taken off the registry.
  proofOfRemovedWork: {
    title: 'Work later removed',
    description:
      'This work was registered as the log entry shows and later removed from the public registry. The log keeps its registration, so this proof stays valid.',
  },
  proofOfPurgedWork: {
    title: 'Work later purged',
    description:
      'This work was registered as the log entry shows, later removed from the public registry and its personal data erased. The log keeps its registration (hashes and ids only), so this proof stays valid.',
  },
  // Our addition (issue 11): the input gate's answers, for requests no form could have sent.
  forbiddenCharacters: {
    title: 'Invalid characters',
    description:
      'The request contains characters that cannot be stored (a NUL byte or a broken Unicode character). Please remove them and try again.',
  },
  forbiddenKey: {
    title: 'Invalid field name',
    description: "The request has a field named '__proto__' or 'constructor.prototype', which no form sends. Please remove it.",
  },
  malformedRequest: { title: 'Malformed request', description: 'The request could not be read. Please check it and try again.' },
  malformedMultipart: {
    title: 'Upload failed',
    description: "The upload could not be read. Please send the image as multipart/form-data, in a field named 'file'.",
  },
  unreadableValue: { title: 'Invalid value', description: 'A value in the request is out of range or in the wrong format.' },
  serviceUnavailable: {
    title: 'Temporarily unavailable',
    description: 'The service is briefly unavailable. Please try again in a moment.',
  },
  tooManyLiveConnections: {
    title: 'Too many live connections',
    description:
      'Your address already has the most live-update connections allowed open at once. Close another tab of this site, or try again later.',
  },

  // ---- Success and info toasts (docs/product.md §8) ----
  imageUploaded: { title: 'Image uploaded', description: 'Ready for verification!' },
  detailsLoaded: { title: 'Details loaded', description: 'Viewing comprehensive submission details' },
  idCopied: { title: 'ID copied', description: 'Submission ID copied to clipboard' },
  copyFailed: { title: 'Failed to copy', description: 'Please try again' },
  linkCopied: { title: 'Link copied', description: 'Share link copied to clipboard' },
  doiLinkCopied: { title: 'DOI link copied', description: 'Permanent verification link copied to clipboard' },
  verificationUrlCopied: { title: 'Verification URL copied', description: 'Share this link to prove your authorship' },
  copyUrlFailed: { title: 'Failed to copy URL', description: 'Please try again' },
  badgeCodeCopied: { title: 'Badge code copied', description: 'Paste it into your website or profile.' },
  promptCopied: { title: 'Prompt copied', description: 'Prompt copied to clipboard' },
  badgeJsonDownloaded: { title: 'JSON downloaded', description: 'Verification data saved as JSON-LD.' },
  badgePngDownloaded: { title: 'PNG downloaded', description: 'Badge image saved.' },
  badgeSvgDownloaded: { title: 'SVG downloaded', description: 'Badge vector image saved.' },
  reportDownloaded: { title: 'Text report downloaded', description: 'Verification report saved.' },
  pdfReportDownloaded: { title: 'PDF report downloaded', description: 'Verification report saved.' },
  downloadFailed: { title: 'Download failed', description: 'Please try again.' },
  bundleDownloaded: { title: 'Bundle downloaded', description: 'All verification files saved.' },
  // ---- /verify-proof: a downloaded proof checked in the browser (issue 15) ----
  // The introduction depends on the deployment's witnesses: core/deployment-texts.ts.
  verifyProofIntro: {
    title: 'Check a Proof',
    description: 'Drop the bundle (.zip) or the proof.json from a work’s downloads on this page, with the image file if you have it.',
  },
  verifyProofPassed: { title: 'The proof is genuine', description: 'Every check passed.' },
  verifyProofFailed: { title: 'The proof does not hold', description: 'At least one check failed: do not rely on this proof.' },
  verifyProofUnavailable: {
    title: 'Cannot check now',
    description: 'The registry’s published key could not be fetched. Please try again.',
  },
  submissionRemoved: {
    title: 'Submission removed',
    description: 'The submission was removed from the public ledger. It can be restored.',
  },
  submissionRestored: { title: 'Submission restored', description: 'The submission is public again.' },
  requestApproved: { title: 'Request approved', description: 'The linked submission was removed from the public ledger.' },
  requestDenied: { title: 'Request denied', description: 'The submission stays in the public ledger.' },
  // ---- Issue 35: what people are handed ----
  batchFieldsMissing: {
    title: 'Nothing sent yet',
    description: 'Some details are missing or need a change: see the marked fields. No work has been registered.',
  },
  // The manage page's toasts say what each change did: alerts are a setting, not a logged change.
  manageAlertsOn: { title: 'Alerts on', description: 'We will e-mail you when someone registers a copy of this work.' },
  manageAlertsOff: { title: 'Alerts off', description: 'We will no longer e-mail you about copies of this work.' },
  manageWorkWithdrawnDone: {
    title: 'Work withdrawn',
    description: 'It is no longer in the public registry. The withdrawal is recorded in the transparency log.',
  },
  manageWithdrawConfirm: {
    title: 'Withdraw this work?',
    description:
      'It leaves the public registry: its proof page, badge and API record are gone, and you cannot change it any more. ' +
      'The transparency log keeps its entries, so earlier proofs stay valid. An admin can restore it on request.',
  },
  proofJsonDownloaded: { title: 'Proof downloaded', description: 'Anyone can check it on this site’s Check a Proof page.' },

  // ---- Issue 39: the operator's metrics (GET /metrics) ----
  metricsOff: {
    title: 'Metrics are off',
    description: 'This server publishes no metrics. Its operator turns them on by setting METRICS_TOKEN.',
  },
  metricsTokenMissing: {
    title: 'Metrics token required',
    description: 'Metrics need this server’s metrics token: send it as the header "Authorization: Bearer <token>".',
  },
  metricsTokenWrong: {
    title: 'Wrong metrics token',
    description: 'This is not the server’s metrics token (METRICS_TOKEN). Send the right one as "Authorization: Bearer <token>".',
  },
  // ---- Issue 39: signed webhooks (decision 0069) ----
  webhookUrlRequired: { title: 'Address required', description: 'Give the address the events are sent to (https://…).' },
  webhookUrlInvalid: {
    title: 'Invalid address',
    description: 'The address must be a full http or https address without a user name or password, at most 2000 characters.',
  },
  webhookEventsRequired: { title: 'Events required', description: 'Choose at least one event to send.' },
  webhookEventUnknown: {
    title: 'Unknown event',
    description: 'Events are work.registered, work.updated, work.withdrawn, work.removed, work.restored and consent.changed.',
  },
  webhookDescriptionTooLong: { title: 'Description too long', description: 'The description must be at most 200 characters.' },
  webhookTooMany: {
    title: 'Too many endpoints',
    description: 'There are already 20 webhook endpoints. Delete one you no longer use first.',
  },
  webhookEndpointNotFound: { title: 'Endpoint not found', description: 'No webhook endpoint has this id: it may have been deleted.' },
  webhookDeliveryNotFound: {
    title: 'Delivery not found',
    description: 'No failed delivery of this endpoint has this id: it may have been retried already.',
  },
  webhookCreated: {
    title: 'Endpoint added',
    description: 'Copy the secret now: it is shown only once. Receivers check each delivery’s signature with it.',
  },
  webhookSecretRotated: {
    title: 'Secret rotated',
    description: 'Copy the new secret now. For 24 hours deliveries are signed with both the new and the old secret.',
  },
  webhookDeleted: { title: 'Endpoint deleted', description: 'No more events are sent to it; its delivery log is gone.' },
  webhookRetried: { title: 'Delivery queued', description: 'The delivery is queued again and is sent shortly.' },
  loadWebhooksFailed: { title: 'Error loading webhooks', description: 'Failed to load the webhook endpoints.' },
  webhookActionFailed: { title: 'Webhook not changed', description: 'The change could not be made. Please try again.' },
  webhookChanged: { title: 'Endpoint changed', description: 'The endpoint’s settings are saved.' },
  // ---- Proving links where the artist sees them: the manage page and the receipts (issue 33) ----
  backlinkHelp: {
    title: 'Copy the back-link',
    description:
      'A link earns points once its page links back here. Put this on the page (in its HTML, or as a link your profile shows), then press Check again:',
  },
  receiptLinkStates: {
    title: 'Your links',
    description:
      'The registry fetches each link in the background to see whether its page links back here. The states below update by themselves.',
  },
  receiptCheckAgain: {
    title: 'Check again',
    description:
      'Once the back-link is on your page, press Check again on the manage page: enter your e-mail address there and we send you a sign-in link. This page shows the new state by itself.',
  },
  // ---- Issue 33: domain proofs (decision 0062) ----
  domainProofInvalid: {
    title: 'Not a domain',
    description: 'Enter a domain name such as rutkowski.art: no IP address, no path.',
  },
  domainProofTooMany: {
    title: 'Too many domains',
    description: 'An artist name can have at most 5 domains per address. Ask an admin if you need more.',
  },
  domainProofChecked: {
    title: 'Domain checked',
    description: 'The record and the file were looked at again: the state below is the new one.',
  },
  domainProofStillChecking: {
    title: 'Still checking',
    description: 'The domain is being checked in the background: reload this page in a minute to see the result.',
  },
  // ---- Name-claim disputes (issue 33, decision 0063) ----
  claimDisputeMissingInfo: {
    title: 'Missing Information',
    description: 'Please give your e-mail address, at least one link that proves who you are, and an explanation.',
  },
  claimDisputeInvalidEmail: { title: 'Invalid Email', description: 'Please enter a valid email address.' },
  claimDisputeEmailTooLong: { title: 'Email too long', description: 'The e-mail address can be at most 100 characters.' },
  claimDisputeLinkInvalid: {
    title: 'Invalid link',
    description: 'Each link must be a full web address of a page of yours, starting with https:// or http://.',
  },
  claimDisputeTooManyLinks: { title: 'Too many links', description: 'Give at most 10 links.' },
  claimDisputeExplanationTooLong: { title: 'Explanation too long', description: 'The explanation can be at most 5000 characters.' },
  claimDisputeNameNotClaimed: {
    title: 'Name not claimed',
    description: 'No one has claimed this artist name, so there is no claim to dispute. Prove a link of your own to claim it.',
  },
  claimDisputeFiled: {
    title: 'Check your e-mail',
    description: 'We sent a link to that address. Your dispute reaches the admins once you open it and confirm.',
  },
  claimDisputeConfirmed: {
    title: 'Dispute confirmed',
    description: 'The admins will review it; you will get an e-mail with their decision.',
  },
  claimDisputeLinkExpired: {
    title: 'Link not valid',
    description: 'This confirmation link is not valid or was already used.',
  },
  claimDisputeNotFound: { title: 'Not found', description: 'Claim dispute not found.' },
  claimDisputeAlreadyDecided: { title: 'Already decided', description: 'This dispute has already been decided.' },
  claimDisputeDecisionInvalid: { title: 'Invalid decision', description: "The decision must be 'upheld' or 'rejected'." },
  claimDisputeConfirmButton: { title: 'Confirm my dispute', description: 'Sends your dispute to the admins.' },
  claimDisputeOpen: {
    title: 'Dispute this claim',
    description: 'Is this name yours, or is its claimant an impersonator? Tell the admins.',
  },
  claimDisputeFailed: { title: 'Dispute not sent', description: 'There was an error sending your dispute. Please try again.' },
  claimDisputeUpheld: { title: 'Dispute upheld', description: 'The claim is released and the works under the name are re-scored.' },
  claimDisputeRejected: { title: 'Dispute rejected', description: 'The claim stays as it is.' },
  loadClaimDisputesFailed: { title: 'Error loading disputes', description: 'Failed to load the claim disputes.' },
  // ---- Admin second factor (decision 0068) ----
  adminSecondFactorRequired: {
    title: 'Second factor required',
    description: 'Confirm your sign-in with a passkey, an authenticator code or a recovery code.',
  },
  adminEnrolPage: {
    title: 'Set up a second factor',
    description: 'Every admin signs in with a second factor. Add a passkey, or an authenticator app as a fallback.',
  },
  adminVerifyPage: {
    title: 'Confirm your sign-in',
    description: 'Use your passkey, a code from your authenticator app, or one of your recovery codes.',
  },
  adminTotpSetup: {
    title: 'Authenticator app',
    description: 'Add this secret to your authenticator app (it is shown only once), then enter the 6-digit code it shows.',
  },
  adminRecoveryCodesShown: {
    title: 'Your recovery codes',
    description: 'Each code signs you in once if you lose your second factors. Save them now: they are shown only once.',
  },
  adminFactorCodeInvalid: { title: 'Code not accepted', description: 'This code is not valid, or it was already used.' },
  adminRecoveryCodeInvalid: { title: 'Code not accepted', description: 'This recovery code is not valid, or it was already used.' },
  adminPasskeyFailed: { title: 'Passkey not accepted', description: 'The passkey could not be verified. Please try again.' },
  adminPasskeyCancelled: { title: 'Passkey not used', description: 'The passkey prompt was closed or is not available here.' },
  adminFactorSetupMissing: { title: 'Set-up expired', description: 'Start the set-up of this factor again.' },
  adminEnrolAfterVerify: {
    title: 'Confirm your sign-in first',
    description: 'You already have a second factor: confirm your sign-in with it before adding another.',
  },
  adminNoFactorYet: { title: 'No second factor yet', description: 'Set up a second factor first.' },
  adminAlreadyConfirmed: { title: 'Signed in', description: 'This session is already confirmed.' },
  adminLastFactor: {
    title: 'Cannot remove',
    description: 'This is your only second factor. Add another one before removing it.',
  },
  adminFactorNotFound: { title: 'Not found', description: 'You have no second factor with this id.' },
  adminFactorRemoved: { title: 'Factor removed', description: 'It can no longer be used to sign in.' },
  adminFactorAdded: { title: 'Factor added', description: 'You can now sign in with it.' },
  // ---- end admin second factor ----
} as const satisfies Record<string, MessagePair>;

export type MessageId = keyof typeof MESSAGES;

export function isMessageId(value: unknown): value is MessageId {
  return typeof value === 'string' && Object.hasOwn(MESSAGES, value);
}

export function message(id: MessageId): MessagePair {
  return MESSAGES[id];
}

// ---- Messages with a variable part ----

/** 'Image loaded' with the file name and size in KB (docs/product.md §4 quick-start flow). */
export function imageLoadedMessage(fileName: string, bytes: number): MessagePair {
  return { title: 'Image loaded', description: `${fileName} (${Math.round(bytes / 1024)} KB)` };
}

/**
 * After registering (issue 17): names the status the work reached. Only a score at or above the
 * Verified threshold may be called verified; below it the artist is pointed to the proof page's
 * 'How to reach Verified' (the spec's 'has been verified' toast said it of every work).
 */
export function submissionRegisteredMessage(score: number): MessagePair {
  const { label } = trustStatus(score);
  return {
    title: 'Registered',
    description: isVerifiedScore(score)
      ? `Your artwork is registered and verified, status ${label}.`
      : `Your artwork is registered, status ${label} — see how to reach Verified.`,
  };
}

/** 'Copied!' with a description specific to the copied block (implementation guide). */
export function copiedMessage(description: string): MessagePair {
  return { title: 'Copied!', description };
}

/** Admin login when the server answers with its own error text; falls back to 'Invalid credentials.'. */
export function adminLoginFailedMessage(serverError?: string | null): MessagePair {
  return { title: MESSAGES.adminLoginFailed.title, description: serverError?.trim() || MESSAGES.adminLoginFailed.description };
}

/**
 * Admin login refused for a while after too many failed attempts from one address (429). The
 * same words whether the e-mail has an account or not: 'Please wait 2 seconds and try again.'
 */
export function adminLoginThrottledMessage(retryAfterSeconds: number): MessagePair {
  const wait = waitText(retryAfterSeconds * 1000);
  return { title: MESSAGES.adminLoginFailed.title, description: `Too many failed login attempts. Please wait ${wait} and try again.` };
}

/** Admin login when the server cannot be reached at all. */
export function adminConnectionErrorMessage(detail: string): MessagePair {
  return { title: 'Login error', description: `Connection error: ${detail}` };
}

/** Result of the admin image check (decision 0018). */
export function imageCheckResultMessage(counts: { ok: number; regenerated: number; lost: number }): MessagePair {
  return {
    title: 'Image check complete',
    description: `${counts.ok} fine, ${counts.regenerated} regenerated, ${counts.lost} with a lost original.`,
  };
}

/** A purge whose typed registry ID does not match the work's: the toast, and the text under the field. */
export function purgeConfirmationMismatchMessage(registryId: string): MessagePair & { field: string } {
  return {
    title: 'Error',
    description: `Type the registry ID ${registryId} to confirm the purge.`,
    field: `Type ${registryId} to confirm.`,
  };
}

/** The toast after a batch registration (/fast-submit/batch). */
export function batchRegisteredMessage(registered: number, chosen: number): MessagePair {
  return { title: 'Works registered', description: `${registered} of ${chosen} works registered. Each has its own proof page.` };
}

// ---- Issue 35: messages that say what happened ----

/** A removal request refused for the address's daily limit (429): says so, and when it ends ('1 day', '5 hours'). */
export function removalDailyLimitMessage(after: string): MessagePair {
  return {
    title: 'Daily limit reached',
    description: `This address has sent as many removal requests as one address may send in a day. You can send another in ${after}.`,
  };
}

// ---- Name-claim disputes (issue 33, decision 0063) ----

/** A dispute refused for the client address's daily limit (429). */
export function claimDisputeDailyLimitMessage(after: string): MessagePair {
  return {
    title: 'Daily limit reached',
    description: `This address has sent as many claim disputes as one address may send in a day. You can send another in ${after}.`,
  };
}

/**
 * The dispute's confirmation e-mail. Anyone can make the registry mail any address this way, so it
 * carries no text a stranger chose (decision 0053): not even the artist name.
 */
export function claimDisputeConfirmationMail(site: string, link: string): { subject: string; text: string } {
  return {
    subject: `Confirm your claim dispute on ${site}`,
    text: [
      `Someone (we hope you) asked ${site} to dispute who claimed an artist name.`,
      '',
      'To send the dispute to the admins, open this page and press the button:',
      link,
      '',
      'If you did not ask for this, ignore this message: nothing is sent to the admins.',
    ].join('\n'),
  };
}

/** The decision, e-mailed to the disputer (an address that confirmed the dispute). */
export function claimDisputeOutcomeMail(
  site: string,
  artistName: string,
  artistPage: string,
  outcome: 'released' | 'transferred' | 'rejected',
): { subject: string; text: string } {
  const decided = outcome === 'rejected' ? 'rejected' : 'upheld';
  const what = {
    released:
      'The claim on the name is released: nobody claims it now. A page of yours that links back with rel="me" claims it for ' +
      'your address once that address is confirmed.',
    transferred: 'The name is now claimed by your address, through the pages of yours it proved.',
    rejected: 'The admins reviewed your dispute; the claim stays as it is.',
  }[outcome];
  return {
    subject: `Your claim dispute on ${site}: ${decided}`,
    text: [`Your dispute of the claim on the artist name "${artistName}" was ${decided}.`, what, '', artistPage].join('\n'),
  };
}

// ---- Co-authors confirm by e-mail (issue 33, decision 0064) ----

/** What a co-author confirms: the question of the confirmation page. */
export function coAuthorQuestion(title: string): string {
  return `I co-authored “${title}”`;
}

/** A co-author's state on the proof page: names only, never an address. */
export function coAuthorStateText(confirmed: boolean): string {
  return confirmed ? 'confirmed' : 'not confirmed';
}

// ---- Co-authors on the manage page (issue 33, decision 0064) ----

/** A co-author's state as the manage page shows it to the artist. */
export function coAuthorManageStateText(state: 'confirmed' | 'declined' | 'invited' | 'link_expired' | 'not_invited'): string {
  const texts = {
    confirmed: 'confirmed',
    declined: 'declined',
    invited: 'invited, waiting for their answer',
    link_expired: 'invited, but the link expired',
    not_invited: 'not invited',
  } as const;
  return texts[state];
}

/** The label of a co-author's address field on the manage page. */
export function coAuthorAddressLabel(name: string): string {
  return `E-mail address of ${name}`;
}
