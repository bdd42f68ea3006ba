import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { AnswerKind } from '../contracts/flows';
import { extractEmail } from './extract-email';

export type CheckedAnswer = { ok: true; value: string } | { ok: false; reason: string };

/**
 * An Ask a question node's answer, checked for its kind and normalised to what is saved: the email
 * out of the sentence, the phone in E.164 (libphonenumber-js: needs a country code, since a DM
 * gives no country to guess from), a number with `.` as decimal point, a date as YYYY-MM-DD (ISO
 * 2026-03-01, or day/month/year 01/03/2026 or 1.3.2026 — day first, as most of the world writes it),
 * an http(s) link, or any non-empty text. Pure: no clock (a date is not checked against today).
 */
export function validateAnswer(kind: AnswerKind, raw: string): CheckedAnswer {
  const text = raw.trim();
  if (text === '') return { ok: false, reason: 'Empty answer' };
  switch (kind) {
    case 'email': {
      const email = extractEmail(text);
      return email ? { ok: true, value: email } : { ok: false, reason: 'No email address in the answer' };
    }
    case 'phone': {
      const phone = parsePhoneNumberFromString(text.replace(/^00/, '+'));
      return phone?.isValid() ? { ok: true, value: phone.number } : { ok: false, reason: 'Not a phone number with its country code' };
    }
    case 'number': {
      const m = /^[-+]?\d{1,15}(?:[.,]\d{1,10})?$/.exec(text.replace(/\s/g, ''));
      return m ? { ok: true, value: String(Number(m[0].replace(',', '.'))) } : { ok: false, reason: 'Not a number' };
    }
    case 'date':
      return parseDate(text);
    case 'url': {
      const candidate = /^https?:\/\//i.test(text) ? text : `https://${text}`;
      try {
        const url = new URL(candidate);
        if (!/\.[a-z]{2,}$/i.test(url.hostname) || /\s/.test(text)) return { ok: false, reason: 'Not a link' };
        return { ok: true, value: url.toString() };
      } catch {
        return { ok: false, reason: 'Not a link' };
      }
    }
    case 'text':
      return { ok: true, value: text.slice(0, 2000) };
  }
}

function parseDate(text: string): CheckedAnswer {
  let y: number, m: number, d: number;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  const dmy = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/.exec(text);
  if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (dmy) [d, m, y] = [Number(dmy[1]), Number(dmy[2]), Number(dmy[3])];
  else return { ok: false, reason: 'Not a date (write it as 2026-03-01 or 01/03/2026)' };
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return { ok: false, reason: 'No such date' };
  return { ok: true, value: date.toISOString().slice(0, 10) };
}
