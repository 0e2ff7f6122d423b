import type { NextFunction, Request, Response } from 'express';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { hashApiKey, isApiKeyToken } from '../auth/api-keys';
import { bearerToken } from '../auth/principal';
import type { AppDeps } from '../deps';
import { rateLimited } from '../lib/metrics';
import { sendError } from '../rest/errors';
import { requestIdOf } from './request-facts';

/**
 * Each API key has its own allowance per minute (counted in the database, so shared by every
 * instance). Over it, the answer is a 429 with Retry-After, before any work is done.
 */
export function apiKeyLimit(deps: AppDeps) {
  return async (req: Request, res: Response, next: NextFunction) => {
    const token = bearerToken(req.headers.authorization);
    if (!isApiKeyToken(token)) return next();
    try {
      await deps.limiters.apiKey.consume(hashApiKey(token).slice(0, 32));
      next();
    } catch (err) {
      if (!(err instanceof RateLimiterRes)) return sendError(res, err, 'api key limit');
      rateLimited.inc({ limit: 'api_key' });
      const seconds = Math.max(1, Math.ceil(err.msBeforeNext / 1000));
      res.setHeader('Retry-After', String(seconds));
      res.status(429).json({ detail: `Too many requests with this API key. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`, request_id: requestIdOf(res) });
    }
  };
}
