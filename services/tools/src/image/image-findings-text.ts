/** A model's answer text as the image answer holds it: a JSON list of findings, else null (a sentence saying why not). */
export function readStoredFindings(text: string): string[] | null {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) && parsed.every((item) => typeof item === 'string') ? parsed : null;
  } catch {
    return null;
  }
}
