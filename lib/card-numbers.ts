// Finding card numbers in text (SPEC §20): the Luhn check, the refusal of
// metadata that holds one, and the masking of logs. Ground floor and pure, so
// the request log's redaction (lib/redact.ts), the API's schemas and the
// checkout's client-side form check all use the same rules.

/** Luhn checksum over the digits of a card number. */
export function luhnValid(number: string): boolean {
  const digits = number.replace(/\D/g, "");
  if (digits.length < 12 || digits.length > 19) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * Runs of digits as people write them: any number of spaces, dots, dashes,
 * slashes or underscores between the digits ("4917  3312  5520  0159",
 * "4917.3312.5520.0159"). SPEC §20's separators; `\s` takes every kind of space.
 */
const SEPARATED_DIGITS = /\d(?:[\s._/-]*\d)*/g;

/** The digit runs of a text, separators removed. */
function digitRuns(text: string): string[] {
  return (text.match(SEPARATED_DIGITS) ?? []).map((run) => run.replace(/\D/g, ""));
}

/**
 * True when a text holds a card number: a Luhn-valid 13–19-digit window of
 * any digit run, so a number inside a longer run ("ref 1234 4917 3312 5520
 * 0167") is found too. A long run of digits nearly always holds such a
 * window by chance (one window in ten passes Luhn), so texts that must be
 * free of card numbers cannot carry long digit strings either.
 */
export function containsCardNumber(text: string): boolean {
  for (const run of digitRuns(text)) {
    for (let length = 13; length <= 19 && length <= run.length; length++) {
      for (let start = 0; start + length <= run.length; start++) {
        // No card number starts with 0 (ISO/IEC 7812's industry digit 0 is not issued), and a run of zeros passes Luhn.
        if (run[start] !== "0" && luhnValid(run.slice(start, start + length))) return true;
      }
    }
  }
  return false;
}

/** Masks every run of 13 or more digits (separators included), card number or not: what a log keeps of them. */
export function maskLongDigitRuns(text: string, mask: string): string {
  return text.replace(SEPARATED_DIGITS, (run) => (run.replace(/\D/g, "").length >= 13 ? mask : run));
}
