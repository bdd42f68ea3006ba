import { sessionsEndedSchema, type SessionsEnded } from '../../db/sessions/sessions-ended';

export function sessionsEndedHandler(onEnded: (ended: SessionsEnded) => void, log: { warn: (obj: object, msg: string) => void }) {
  return (payload: string) => {
    try {
      onEnded(sessionsEndedSchema.parse(JSON.parse(payload)));
    } catch (err) {
      log.warn({ err }, 'ignored a malformed sessions-ended notification');
    }
  };
}
