/**
 * The emails the site sends, as plain text and simple HTML (en-GB). Each template takes the
 * outbox row's payload; nothing here reads the database.
 */
import { escapeHtml } from '@agency/server-kit';

export interface RenderedEmail {
  subject: string;
  /** The line inboxes show after the subject. */
  preheader: string;
  text: string;
  html: string;
  /** Marketing and tool emails carry an unsubscribe link and List-Unsubscribe. */
  unsubscribable: boolean;
}

export interface TemplateContext {
  brandName: string;
  siteUrl: string;
  /** The signed unsubscribe page for the recipient. */
  unsubscribeUrl: string;
}

type Payload = Record<string, unknown>;

interface Section {
  /** Paragraphs of text; a link is given separately so that both forms show it plainly. */
  paragraphs: string[];
  link?: { label: string; url: string };
}

interface Draft {
  subject: string;
  preheader: string;
  sections: Section[];
  unsubscribable: boolean;
}

function text(payload: Payload, field: string): string {
  const value = payload[field];
  if (typeof value === 'string') return value;
  return typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
}

/** Person-provided text shown on one line (a subject, a name). */
function oneLine(value: string, max = 80): string {
  const flat = value.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** Where staff see everything one address sent. */
export function adminPersonUrl(siteUrl: string, email: string): string {
  return `${siteUrl}/admin/people?email=${encodeURIComponent(email)}`;
}

function confirmUrl(context: TemplateContext, token: string): string {
  return `${context.siteUrl}/api/newsletter/confirm?token=${encodeURIComponent(token)}`;
}

/** The audit's engines by their answer keys. */
const ENGINE_NAMES: Record<string, string> = { openai: 'ChatGPT', claude: 'Claude', gemini: 'Gemini', grok: 'Grok', perplexity: 'Perplexity' };

/** Rows written before the tools named themselves in their leads (`toolTitle`) name only the tool. */
const FORMER_TOOL_NAMES: Record<string, string> = {
  audit: 'AI Search Audit',
  'fan-out': 'Semantic Expansion',
  image: 'AI Image Reader',
};

/** A tool lead's tool as staff read it, as the tools service wrote it; undefined for a contact message. */
function toolTitle(lead: Payload): string | undefined {
  const title = text(lead, 'toolTitle');
  return title !== '' ? title : FORMER_TOOL_NAMES[text(lead, 'tool')];
}

function percent(value: unknown): string | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? `${Math.round(value * 100)}%` : undefined;
}

function draftFor(kind: string, payload: Payload, context: TemplateContext): Draft {
  const brand = context.brandName;
  switch (kind) {
    case 'staff-contact': {
      const name = oneLine(text(payload, 'name'));
      return {
        subject: `New contact message from ${name}`,
        preheader: oneLine(text(payload, 'message'), 120),
        unsubscribable: false,
        sections: [
          {
            paragraphs: [
              `${name} <${text(payload, 'email')}>${payload.company ? ` from ${text(payload, 'company')}` : ''} wrote:`,
              text(payload, 'message'),
            ],
            link: { label: 'Open in the admin', url: adminPersonUrl(context.siteUrl, text(payload, 'email')) },
          },
        ],
      };
    }
    case 'contact-acknowledgement':
      return {
        subject: `We have your message`,
        preheader: `Thank you for writing to ${brand}. We reply within one working day.`,
        unsubscribable: false,
        sections: [
          {
            paragraphs: [
              `Hello ${oneLine(text(payload, 'name'))},`,
              `Thank you for writing to ${brand}. Your message has reached us and a member of the team will reply within one working day.`,
              `For reference, you wrote:`,
              text(payload, 'message'),
            ],
          },
          ...(payload.confirmationToken
            ? [
                {
                  paragraphs: [`Would you also like occasional emails from ${brand} about AI search? Confirm below; if not, ignore this and we will not write again.`],
                  link: { label: 'Yes, send me occasional emails', url: confirmUrl(context, text(payload, 'confirmationToken')) },
                },
              ]
            : []),
        ],
      };
    case 'staff-tool-lead': {
      const tool = toolTitle(payload) ?? text(payload, 'tool');
      return {
        subject: `New ${tool} lead: ${oneLine(text(payload, 'question'), 60)}`,
        preheader: `${text(payload, 'email')} used the ${tool}.`,
        unsubscribable: false,
        sections: [
          {
            paragraphs: [`${text(payload, 'email')} used the ${tool}.`, `Question: ${text(payload, 'question') || '(an image)'}`],
            link: { label: 'Open in the admin', url: adminPersonUrl(context.siteUrl, text(payload, 'email')) },
          },
        ],
      };
    }
    case 'staff-digest': {
      const leads = Array.isArray(payload.leads) ? (payload.leads as Payload[]) : [];
      return {
        subject: `${leads.length} new ${leads.length === 1 ? 'lead' : 'leads'} in the last hour`,
        preheader: leads.map((lead) => text(lead, 'email')).join(', '),
        unsubscribable: false,
        sections: leads.map((lead) => ({
          paragraphs: [`${toolTitle(lead) ?? 'Contact message'}: ${text(lead, 'email')}`, text(lead, 'question')],
          link: { label: 'Open in the admin', url: adminPersonUrl(context.siteUrl, text(lead, 'email')) },
        })),
      };
    }
    case 'audit-report': {
      const figures: string[] = [];
      if (payload.brand && typeof payload.mentionedIn === 'number' && typeof payload.answers === 'number') {
        figures.push(
          `${text(payload, 'brand')} was named in ${payload.mentionedIn} of ${payload.answers} answers (likely range ${percent(payload.low)} to ${percent(payload.high)}).`,
          `Share of voice: ${percent(payload.shareOfVoice)} of the brand mentions.`,
        );
      }
      if (typeof payload.engines === 'number') figures.push(`${payload.engines} AI engines answered.`);
      return {
        subject: 'Your AI Search Audit report',
        preheader: `What the AI engines said about “${oneLine(text(payload, 'question'), 60)}”.`,
        unsubscribable: true,
        sections: [
          {
            paragraphs: [
              `Here is your AI Search Audit for “${text(payload, 'question')}”.`,
              ...figures,
              payload.simulated ? 'This report was made in demo mode: the answers are simulated.' : '',
            ].filter(Boolean),
            link: { label: 'Open your report', url: text(payload, 'reportUrl') },
          },
        ],
      };
    }
    case 'fan-out-results': {
      const queries = Array.isArray(payload.queries) ? payload.queries.map(String) : [];
      return {
        subject: 'Your Semantic Expansion results',
        preheader: `The searches behind “${oneLine(text(payload, 'keyword'), 60)}”.`,
        unsubscribable: true,
        sections: [
          {
            paragraphs: [
              `Your Semantic Expansion for “${text(payload, 'keyword')}” found ${text(payload, 'total')} related searches an AI engine may run. The first ${queries.length}:`,
              queries.map((query) => `• ${query}`).join('\n'),
              `Run it again, or for another keyword, at any time:`,
            ],
            link: { label: 'Open Semantic Expansion', url: text(payload, 'resultsUrl') },
          },
        ],
      };
    }
    case 'tracking-confirm': {
      const cadence = text(payload, 'cadence') === 'monthly' ? 'every month' : 'every week';
      return {
        subject: 'Confirm tracking your AI search question',
        preheader: `One click to track “${oneLine(text(payload, 'question'), 60)}” ${cadence}.`,
        unsubscribable: true,
        sections: [
          {
            paragraphs: [
              `Someone, we hope you, asked us to track “${text(payload, 'question')}” ${cadence}: we ask the AI engines again, show the trend on the report, and email only when the result changes significantly.`,
              'Please confirm by following the link below. If it was not you, ignore this email: nothing will run and we will not write again.',
            ],
            link: { label: 'Confirm tracking', url: text(payload, 'confirmUrl') },
          },
        ],
      };
    }
    case 'tracking-change':
    case 'tracking-summary': {
      const changes = Array.isArray(payload.changes) ? (payload.changes as Payload[]) : [];
      const scopeName = (scope: string) => (scope === 'overall' ? 'All engines' : (ENGINE_NAMES[scope] ?? scope));
      const lines = changes.map(
        (change) => `• ${scopeName(text(change, 'scope'))}, against the ${text(change, 'against') === 'first' ? 'first measurement' : 'previous run'}: ${text(change, 'sentence')}`,
      );
      const brandName = text(payload, 'brand');
      const latest =
        brandName && typeof payload.mentionedIn === 'number' && typeof payload.answers === 'number'
          ? `In the latest run, ${brandName} was named in ${payload.mentionedIn} of ${payload.answers} answers.`
          : '';
      const changed = kind === 'tracking-change';
      return {
        subject: changed ? 'Your tracked AI search question changed' : 'Your tracked AI search question: no significant change',
        preheader: `“${oneLine(text(payload, 'question'), 60)}”: ${changed ? 'a significant change' : 'no significant change'}.`,
        unsubscribable: true,
        sections: [
          {
            paragraphs: [
              changed
                ? `The AI engines' answers to “${text(payload, 'question')}” changed significantly:`
                : `No significant change in the AI engines' answers to “${text(payload, 'question')}” since the last runs.`,
              lines.join('\n'),
              latest,
              'A change is called significant only when chance alone would produce it less than 1 time in 20.',
              payload.simulated ? 'Demo mode: these answers are simulated.' : '',
            ].filter(Boolean),
            link: { label: 'See the trend', url: text(payload, 'reportUrl') },
          },
          { paragraphs: ['No longer want these emails about this question?'], link: { label: 'Stop tracking this question', url: text(payload, 'stopUrl') } },
        ],
      };
    }
    case 'subscription-confirm':
      return {
        subject: 'Please confirm your email address',
        preheader: `One click to receive emails from ${brand}.`,
        unsubscribable: true,
        sections: [
          {
            paragraphs: [
              `Someone, we hope you, asked to receive occasional emails from ${brand} at this address.`,
              'Please confirm by following the link below. If it was not you, ignore this email: we will not write again, and the request expires in 7 days.',
            ],
            link: { label: 'Confirm my email address', url: confirmUrl(context, text(payload, 'token')) },
          },
        ],
      };
    default:
      throw new Error(`No email template for kind "${kind}".`);
  }
}

export function renderEmail(kind: string, payload: Payload, context: TemplateContext): RenderedEmail {
  const draft = draftFor(kind, payload, context);
  const footer = draft.unsubscribable
    ? `You received this email from ${context.brandName}. Unsubscribe: ${context.unsubscribeUrl}`
    : `${context.brandName} · ${context.siteUrl}`;
  const textBody = [
    ...draft.sections.map((section) => [...section.paragraphs, ...(section.link ? [`${section.link.label}: ${section.link.url}`] : [])].join('\n\n')),
    '--',
    footer,
  ].join('\n\n');
  const htmlSections = draft.sections
    .map((section) => {
      const paragraphs = section.paragraphs.map((paragraph) => `<p style="margin:0 0 16px;white-space:pre-wrap">${escapeHtml(paragraph)}</p>`);
      const link = section.link
        ? `<p style="margin:0 0 24px"><a href="${escapeHtml(section.link.url)}" style="display:inline-block;padding:10px 18px;background:#111;color:#fff;text-decoration:none;border-radius:6px">${escapeHtml(section.link.label)}</a></p>`
        : '';
      return paragraphs.join('') + link;
    })
    .join('');
  const htmlFooter = draft.unsubscribable
    ? `You received this email from ${escapeHtml(context.brandName)}. <a href="${escapeHtml(context.unsubscribeUrl)}" style="color:#555">Unsubscribe</a>`
    : `${escapeHtml(context.brandName)} · <a href="${escapeHtml(context.siteUrl)}" style="color:#555">${escapeHtml(context.siteUrl)}</a>`;
  const html = `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(draft.subject)}</title></head>
<body style="margin:0;padding:0;background:#f5f5f5">
<div style="display:none;max-height:0;overflow:hidden">${escapeHtml(draft.preheader)}</div>
<div style="max-width:560px;margin:0 auto;padding:32px 24px;background:#fff;font-family:system-ui,-apple-system,Segoe UI,sans-serif;font-size:16px;line-height:1.5;color:#111">
<p style="margin:0 0 24px;font-weight:700">${escapeHtml(context.brandName)}</p>
${htmlSections}
<p style="margin:32px 0 0;font-size:13px;color:#555">${htmlFooter}</p>
</div></body></html>`;
  return { subject: draft.subject, preheader: draft.preheader, text: textBody, html, unsubscribable: draft.unsubscribable };
}
