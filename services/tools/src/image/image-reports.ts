import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  IMAGE_MODEL_KEYS,
  IMAGE_REPORT_EXPIRED_MESSAGE,
  IMAGE_REPORT_NOT_FOUND_MESSAGE,
  imageReportUrl,
  isAuditReportId,
  MODEL_PROVIDER_IDS,
  reportExpiresAt,
  type ImageModelKey,
  type ImageReading,
  type ImageReport,
} from '@agency/shared';
import { Repository } from 'typeorm';
import type { ToolsConfig } from '../config/tools-config.js';
import { TOOLS_CONFIG } from '../config/tools-config.provider.js';
import { analysedImageOf, ImageAnalysisEntity } from './image-analysis.entity.js';

/** Reads stored image analyses as reports, by their unguessable id, for AUDIT_REPORT_DAYS after the analysis. */
@Injectable()
export class ImageReports {
  constructor(
    @InjectRepository(ImageAnalysisEntity) private readonly analyses: Repository<ImageAnalysisEntity>,
    @Inject(TOOLS_CONFIG) private readonly config: ToolsConfig,
  ) {}

  /** The report; 404 when the id is unknown (or malformed) or the report has expired. Never the email, never the image. */
  async find(reportId: string, now = new Date()): Promise<ImageReport> {
    if (!isAuditReportId(reportId)) throw new NotFoundException(IMAGE_REPORT_NOT_FOUND_MESSAGE);
    const row = await this.analyses.findOne({ where: { reportId } });
    if (!row) throw new NotFoundException(IMAGE_REPORT_NOT_FOUND_MESSAGE);
    const expiresAt = reportExpiresAt(row.createdAt, this.config.auditReportDays);
    if (expiresAt <= now) throw new NotFoundException(IMAGE_REPORT_EXPIRED_MESSAGE);
    const texts = {} as Record<ImageModelKey, string>;
    const readings: Partial<Record<ImageModelKey, ImageReading>> = {};
    for (const id of MODEL_PROVIDER_IDS) {
      const key = IMAGE_MODEL_KEYS[id];
      const model = row.models[key];
      // The same text the visitor's answer held: a JSON list of findings, or the sentence saying why not.
      texts[key] = model?.findings ? JSON.stringify(model.findings) : (model?.error ?? 'Analysis failed.');
      if (model?.findings) readings[key] = { product: model.product ?? '', labelText: model.labelText ?? [] };
    }
    return {
      ...texts,
      readings,
      ...(row.disagreement ? { disagreement: row.disagreement } : {}),
      ...(row.consensus ? { consensus: row.consensus } : {}),
      mainImageChecks: row.mainImageChecks,
      altText: row.altText,
      simulated: row.simulated,
      reportId,
      reportUrl: imageReportUrl(reportId),
      image: analysedImageOf(row),
      createdAt: row.createdAt.toISOString(),
      expiresAt: expiresAt.toISOString(),
    };
  }
}
