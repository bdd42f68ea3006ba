/** A platform payload we cannot turn into an event; normalize-event.ts turns it into MalformedEventError. */
export class PayloadError extends Error {}
