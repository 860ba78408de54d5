import { randomUUID } from 'node:crypto';
import { premiumCertification } from '@contracts/brand';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { DbHandle } from './db/client';
import { jobsOf, registerJob } from './lib/jobs';
import { loggableError } from './lib/loggable-error';
import { openMediaStorage } from './lib/uploads/open-media-storage';
import { UploadQuotas } from './lib/uploads/upload-quotas';
import { adminCountsRoutes } from './modules/admin-counts/admin-counts.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { buyCodesRoutes } from './modules/buy-codes/buy-codes.routes';
import { alertSubscriptions } from './modules/buy-orders/alert-subscriptions';
import { buyOrdersRoutes } from './modules/buy-orders/buy-orders.routes';
import { dealerPortalRoutes } from './modules/dealer-portal/dealer-portal.routes';
import { dealersRoutes } from './modules/dealers/dealers.routes';
import { deliveredPriceRoutes } from './modules/delivered-price/delivered-price.routes';
import { carrierApi } from './modules/delivery/carrier-api';
import { carrierHandlers } from './modules/delivery/carrier-sync';
import { deliveryRoutes } from './modules/delivery/delivery.routes';
import { releaseWaitingTransports } from './modules/delivery/transport-orders';
import { floorPlanRoutes } from './modules/floor-plan/floor-plan.routes';
import { lenderHandlers } from './modules/floor-plan/floor-plan-requests';
import { lenderApi } from './modules/floor-plan/lender-api';
import { healthRoutes } from './modules/health/health.routes';
import { scheduleHousekeeping } from './modules/housekeeping/schedule-housekeeping';
import { refitGuideIfDue } from './modules/insights/guide-fit';
import {
  letRequestsThrough,
  refreshInsightFactsIfChanged,
  refreshInsightFactsIfSold,
} from './modules/insights/insight-facts';
import { insightsRoutes } from './modules/insights/insights.routes';
import { sendIntegrations } from './modules/integrations/integration-outbox';
import { jobsRoutes } from './modules/jobs/jobs.routes';
import { findLiveSince } from './modules/live/find-live-events';
import { liveRoutes } from './modules/live/live.routes';
import { registerMedia } from './modules/media/register-media';
import { registerNotifications } from './modules/notifications/register-notifications';
import { offersRoutes } from './modules/offers/offers.routes';
import type { PhotoStore } from './modules/photos/photo-store';
import { registerPhotos } from './modules/photos/register-photos';
import { buyingRoutes } from './modules/purchases/buying.routes';
import { scheduleDelayedWorkOrderCheck } from './modules/recon/notify-delayed-work-orders';
import { reconRoutes } from './modules/recon/recon.routes';
import { reconPackagesRoutes } from './modules/recon/recon-packages.routes';
import { saleTermsRoutes } from './modules/sale-terms/sale-terms.routes';
import { sheetsSyncRoutes } from './modules/sheets-sync/sheets-sync.routes';
import { teamsRoutes } from './modules/teams/teams.routes';
import { scheduleClaimDeadlines } from './modules/transactions/claim-deadlines';
import { scheduleGuaranteeReminders } from './modules/transactions/remind-guarantee-ending';
import { transactionsRoutes } from './modules/transactions/transactions.routes';
import { registerVehicles } from './modules/vehicles/register-vehicles';
import type { VehicleSearchCache } from './modules/vehicles/search-cache';
import type { VehicleListCache } from './modules/vehicles/vehicle-list-cache';
import { registerVin } from './modules/vin/register-vin';
import { watchlistRoutes } from './modules/watchlist/watchlist.routes';
import { type RegisteredRoute, registerAccessDeclarations } from './plugins/access';
import { apiDocsRoutes, registerOpenApi } from './plugins/api-docs';
import { presentedTokens, registerAuth } from './plugins/auth';
import { registerDemoMedia } from './plugins/demo-media';
import { endpointRoutes } from './plugins/endpoint-routes';
import { registerErrorHandling } from './plugins/errors';
import { registerSecurity } from './plugins/security';
import { registerTextInputCheck } from './plugins/text-input';
import { DEFAULT_WEB_DIR, registerWebApp } from './plugins/web-app';
import { scheduleDemoHistory } from './seed/demo-history-job';

export interface AppDependencies {
  config: Config;
  database: DbHandle;
  /** Directory of the built web app; null serves the API only (most API tests). */
  webDir?: string | null;
  logger?: boolean;
  /** Where log lines go instead of stdout, so tests can read what would be logged. */
  logStream?: { write(line: string): void };
}

export interface App extends FastifyInstance {
  routesTable: RegisteredRoute[];
  /** The public vehicle list cache; tests count its builds. */
  listCache: VehicleListCache;
  /** What searches keep until the list changes; tests count its loads. */
  searchCache: VehicleSearchCache;
  /** Condition-report photos (tests and the seed store photos through it). */
  photos: PhotoStore;
  markShuttingDown(): void;
}

/** Builds the whole application: plugins first, then the modules. Nothing listens here. */
export async function buildApp(deps: AppDependencies): Promise<App> {
  const { config, database } = deps;
  const app = Fastify({
    logger:
      deps.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
            // Every `log.*({ err })`, ours and Fastify's: a failed query's values never reach the log.
            serializers: { err: loggableError },
            ...(deps.logStream ? { stream: deps.logStream } : {}),
          },
    genReqId: () => randomUUID(),
    // A hop count trusts that many proxies from our side (Fastify's number form, as its function).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : config.trustProxy,
    bodyLimit: 256 * 1024,
    // On shutdown, requests that arrive on kept-alive connections get 503 instead of hanging.
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const routesTable: RegisteredRoute[] = [];
  let shuttingDown = false;
  registerAccessDeclarations(app, routesTable);
  await registerOpenApi(app, {
    productName: config.brand.productName,
    publicOrigin: config.publicOrigin ?? `http://localhost:${config.port}`,
  });
  registerErrorHandling(app);
  // A NUL or a lone surrogate in any text of any API request: 400 naming the field (issue #43).
  registerTextInputCheck(app);
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    done(null, payload);
  });
  const { instanceName } = config;
  if (instanceName)
    // On the raw response, so hijacked replies (tus uploads, live streams) carry it too.
    app.addHook('onRequest', (_request, reply, done) => {
      reply.raw.setHeader('x-instance', instanceName);
      done();
    });

  registerSecurity(app, {
    publicOrigin: config.publicOrigin,
    // The browser uploads straight to Cloudinary when it is the media backend.
    extraConnectSources: config.cloudinary ? [new URL(config.cloudinary.apiBase).origin] : [],
  });
  await app.register(cookie);
  // Per-route limits narrow these; nothing larger than a walkaround video is ever accepted.
  await app.register(multipart, { limits: { files: 2, fields: 10, fieldSize: 64 * 1024, parts: 12 } });
  registerAuth(app, { db: database.db });
  // A JSON answer up to 64 kB (a page of any admin list) is compressed in one call: on the 2 cores
  // the app runs on, the plugin's default (8 kB there) streamed every list page through a zlib
  // stream of its own, ~1 ms of the event loop each (bench:admin, docs/benchmarks.md;
  // docs/decisions/0048-small-answers-compressed-in-one-call.md).
  await app.register(compress, {
    global: true,
    threshold: 1024,
    syncThreshold: 64 * 1024,
    encodings: ['br', 'gzip'],
  });

  // Routes take their method, path, access and schemas from the contracts' endpoint table.
  const premiumLabel = premiumCertification(config.brand);
  app.decorate('endpoint', endpointRoutes(premiumLabel));
  await app.register(healthRoutes, { database, isShuttingDown: () => shuttingDown });
  await app.register(authRoutes, { db: database.db, config });

  // Where videos and photos go: this disk or the bucket (ADR 0014), shared by media, photos and housekeeping.
  const media = await openMediaStorage(app, config, database);
  const log = (message: string) => app.log.info(message);
  // Who may open uploads, how many at once and for how long (issue #43): shared by both tus endpoints.
  const uploadGate = {
    quotas: new UploadQuotas(database.db, config.uploadQuotas),
    tokensOf: presentedTokens,
  };
  const videos = await registerMedia(app, {
    config,
    db: database.db,
    storage: media.storage,
    gate: uploadGate,
    log,
  });
  const photos = await registerPhotos(app, {
    config,
    db: database.db,
    storage: media.storage,
    gate: uploadGate,
    log,
  });
  const decoder = await registerVin(app, { config });
  // The public list and search answers, kept until any instance changes a vehicle (ADR 0006, 0013).
  const vehicles = await registerVehicles(app, {
    database,
    premiumLabel,
    lotZip: config.transport.lotZip,
    decoder,
    isKnownVideo: videos.isKnownVideo,
  });
  await app.register(registerDemoMedia);
  await app.register(buyingRoutes, { db: database.db, config });
  await app.register(saleTermsRoutes, { db: database.db });
  await app.register(dealerPortalRoutes, { db: database.db, isKnownVideo: videos.isOwnVideo, config });
  await app.register(deliveryRoutes, { db: database.db, config });
  await app.register(deliveredPriceRoutes, { db: database.db, config });
  await app.register(insightsRoutes, { db: database.db });
  await app.register(floorPlanRoutes, { db: database.db, config });
  await app.register(offersRoutes, { db: database.db, config });
  await app.register(buyOrdersRoutes, { db: database.db });
  await app.register(reconPackagesRoutes, { db: database.db });
  await app.register(watchlistRoutes, { db: database.db });
  await app.register(reconRoutes, { db: database.db });
  await app.register(dealersRoutes, { db: database.db });
  await app.register(teamsRoutes, { db: database.db, config });
  await app.register(buyCodesRoutes, { db: database.db });
  await app.register(transactionsRoutes, {
    db: database.db,
    seller: {
      name: config.brand.productName,
      address: config.sellerAddress,
      phone: config.brand.phoneDisplay,
    },
  });
  await app.register(auditRoutes, { db: database.db });
  await app.register(adminCountsRoutes, { db: database.db });
  await app.register(jobsRoutes, { jobs: jobsOf(app, database.db) });
  // The notification log, preferences, one-click unsubscribe, and the outbox's sender (docs/design.md §6).
  await registerNotifications(app, { db: database.db, config, alerts: alertSubscriptions(database.db) });
  await app.register(liveRoutes, { database, heartbeatMs: config.liveHeartbeatMs });
  await app.register(sheetsSyncRoutes, { db: database.db, config, premiumLabel, photos });
  await app.register(apiDocsRoutes, { isPublic: config.apiDocsPublic });

  // Expired sessions, old rate-limit windows and idempotency keys, abandoned uploads.
  scheduleHousekeeping(app, database, {
    uploadsDir: media.storage.directoryOf('video-uploads'),
    uploadExpiryMs: config.uploadQuotas.expiryMs,
    photos: {
      uploadsDir: media.storage.directoryOf('photo-uploads'),
      deleteFiles: (key) => photos.deleteFiles(key),
    },
    bucket: media.bucket,
  });
  // Work orders past their promised day: the dealer is told once (issue #31).
  scheduleDelayedWorkOrderCheck(app, database.db);
  // Guarantee claims past their deadlines: closed or escalated, once each (issue #48).
  scheduleClaimDeadlines(app, database.db);
  // Guarantee windows closing soon: the dealer is reminded once per sale (docs/decisions/0040-guarantee-clock.md).
  scheduleGuaranteeReminders(app, database.db, letRequestsThrough);
  // Transports released once their sale may be released; the carrier's and the lender's outbox (issue #32).
  const integrationHandlers = {
    ...(config.carrier ? carrierHandlers(database.db, carrierApi(config.carrier)) : {}),
    ...(config.lender ? lenderHandlers(database.db, lenderApi(config.lender)) : {}),
  };
  registerJob(app, database.db, {
    name: 'delivery-floor-plan',
    label: 'Delivery and floor plan: transports released, carrier and lender messages sent',
    intervalMs: config.integrationIntervalMs,
    run: async () => ({
      released: await releaseWaitingTransports(database.db, config),
      ...(await sendIntegrations(database.db, integrationHandlers, {
        retryBaseMs: config.notificationRetryBaseMs,
      })),
    }),
    failure: 'delivery and floor-plan pass failed',
    report: (done) => {
      if (done.released + done.sent + done.failed > 0) app.log.info(done, 'delivery and floor-plan pass');
    },
  });
  // Insight facts follow the ledger within INSIGHTS_INTERVAL_MS (issue #33); the first run after one
  // interval: the demo seed refreshes and refits as it writes its history.
  registerJob(app, database.db, {
    name: 'insights',
    label: 'Insight facts refreshed after a change',
    intervalMs: config.insightsIntervalMs,
    run: () => refreshInsightFactsIfChanged(database.db, new Date(), { pause: letRequestsThrough }),
    failure: 'insights pass failed',
  });
  // The market guide: its facts follow each sale within a minute, its fit is renewed once a day (issue #47).
  registerJob(app, database.db, {
    name: 'guide',
    label: 'Market guide: new sales in its facts, refitted daily',
    intervalMs: config.guideIntervalMs,
    run: async () => ({
      refreshed: await refreshInsightFactsIfSold(database.db, { pause: letRequestsThrough }),
      refitted: (await refitGuideIfDue(database.db, new Date(), { pause: letRequestsThrough })) !== null,
    }),
    failure: 'guide pass failed',
    report: (done) => {
      if (done.refitted) app.log.info(done, 'guide pass');
    },
  });
  // The demo's larger sales history, written after the server listens (issue #47): a first start
  // writes only what the demo's screens need at once.
  if (config.seedDemo) scheduleDemoHistory(app, database.db, config.demoHistorySales);
  const webDir = deps.webDir === undefined ? DEFAULT_WEB_DIR : deps.webDir;
  if (webDir)
    await app.register(registerWebApp, {
      webDir,
      brand: config.brand,
      // Server-rendered pages read what the API answers, from the same caches (ADR 0016).
      ...vehicles.pages,
      liveSince: () => findLiveSince(database.db),
    });

  app.addHook('onClose', async () => {
    shuttingDown = true;
  });

  return Object.assign(app as unknown as FastifyInstance, {
    routesTable,
    listCache: vehicles.listCache,
    searchCache: vehicles.searchCache,
    photos,
    markShuttingDown: () => {
      shuttingDown = true;
    },
  });
}
