import { adminSaleEventBodySchema, dealerSaleEventBodySchema } from './after-sale';
import { alertScheduleSchema } from './alert-delivery';
import { API_ROUTES, type ApiRouteName } from './api-routes';
import { auditEntrySchema, auditQuerySchema } from './audit';
import {
  adminCheckResponseSchema,
  adminLoginBodySchema,
  adminLoginResponseSchema,
  changePasswordBodySchema,
  dealerInfoSchema,
  dealerLoginBodySchema,
  staffLoginBodySchema,
  staffMeResponseSchema,
} from './auth';
import { buyCodesQuerySchema, createBuyCodeBodySchema, updateBuyCodeBodySchema } from './buy-codes';
import { buyOrderHistorySchema } from './buy-order-history';
import {
  buyOrderSchema,
  createBuyOrderBodySchema,
  createSavedSearchBodySchema,
  demandSchema,
  savedSearchSchema,
  updateBuyOrderBodySchema,
  updateSavedSearchBodySchema,
} from './buy-orders';
import {
  createOfferBodySchema,
  dealerBuyCodeSchema,
  dealerTransactionSchema,
  offerReceiptSchema,
  offerViewSchema,
  purchaseResponseSchema,
  respondToCounterBodySchema,
  updateOfferBodySchema,
  verifyCodeBodySchema,
} from './buying';
import { conditionReportBodySchema } from './condition-report';
import {
  adminBuyCodeSchema,
  createDealerBodySchema,
  createDealerResponseSchema,
  dealerSchema,
  updateDealerBodySchema,
} from './dealers';
import {
  acceptDeliveryBodySchema,
  attachBolBodySchema,
  confirmDeliveryBodySchema,
  createFloorPlanLineBodySchema,
  decideFloorPlanBodySchema,
  floorPlanBoardRowSchema,
  floorPlanLineSchema,
  payWithFloorPlanBodySchema,
  transportBoardRowSchema,
  transportQuoteBodySchema,
  transportQuoteSchema,
  transportRequestSchema,
  updateTransportOrderBodySchema,
} from './delivery';
import {
  guideDetailSchema,
  guideParamsSchema,
  guidePreviewQuerySchema,
  guidesQuerySchema,
  guidesResponseSchema,
} from './guide';
import { idParamsSchema } from './ids';
import {
  dealerInsightsQuerySchema,
  dealerInsightsSchema,
  insightsCsvQuerySchema,
  insightsQuerySchema,
  insightsReportSchema,
} from './insights';
import {
  adminListingSchema,
  firstLookPreviewBodySchema,
  firstLookPreviewSchema,
  updateVehicleBodySchema,
} from './listings';
import { liveEventsQuerySchema, liveStreamResponseSchema } from './live';
import {
  dealerNotificationPreferencesSchema,
  htmlPageSchema,
  unsubscribeQuerySchema,
  unsubscribeResultSchema,
  updateNotificationPreferencesBodySchema,
} from './notification-preferences';
import { notificationSchema, notificationsQuerySchema } from './notifications';
import {
  conditionReportResponseSchema,
  photosBodySchema,
  photoUploadParamsSchema,
  photoUploadStatusSchema,
  vehiclePhotoParamsSchema,
} from './photos';
import {
  createReconPackageBodySchema,
  reconPackageSchema,
  updateReconPackageBodySchema,
} from './recon-packages';
import { requiredShotsSchema, updateRequiredShotsBodySchema } from './required-shots';
import { saleTermsPreviewSchema } from './sale-terms';
import { syncResultSchema } from './sheets-sync';
import { staffUploadsQuerySchema, staffUploadsResponseSchema } from './staff-uploads';
import {
  acceptInvitationBodySchema,
  addPasskeyBodySchema,
  changeMemberPasswordBodySchema,
  dealerOfferBodySchema,
  dealerPurchaseBodySchema,
  dealerPurchaseResponseSchema,
  invitationSchema,
  invitedMemberSchema,
  inviteMemberBodySchema,
  memberSignInBodySchema,
  passkeyOptionsBodySchema,
  passkeySchema,
  passkeySignInBodySchema,
  passwordResetBodySchema,
  passwordResetRequestBodySchema,
  reauthBodySchema,
  reauthResponseSchema,
  teamMemberSchema,
  tokenBodySchema,
  updateMemberBodySchema,
  webauthnOptionsSchema,
} from './teams';
import {
  adminTransactionSchema,
  transactionAgingSchema,
  transactionsQuerySchema,
  updateTransactionBodySchema,
} from './transactions';
import {
  cloudinarySignatureSchema,
  createVehicleBodySchema,
  localUploadResultSchema,
  mediaConfigSchema,
  uploadIdParamsSchema,
  vinDecodeSchema,
  vinParamSchema,
} from './upload';
import {
  adminVehicleSchema,
  heldVehicleSchema,
  publicVehicleSchema,
  vehicleDetailSchema,
  vehicleIdParamsSchema,
} from './vehicle';
import { vehicleSearchQuerySchema, vehicleSearchResultSchema } from './vehicle-search';
import {
  mergeWatchlistBodySchema,
  updateWatchlistBodySchema,
  watchlistEntrySchema,
  watchlistFlagsSchema,
} from './watchlist';
import {
  addTaskBodySchema,
  attachTaskPhotosBodySchema,
  dealerWorkOrderSchema,
  updateTaskBodySchema,
  workOrderSchema,
  workOrdersQuerySchema,
  workOrderTaskParamsSchema,
} from './work-orders';
import { z } from './zod';

/** Sign-outs and the password change answer just this. */
export const okSchema = z.object({ ok: z.literal(true) });

/** A file sent as it is (the bill of sale); documented, never serialised. */
export const fileResponseSchema = z.string().describe('The file, with its own content type');

interface EndpointSchemas {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Status code → schema of the answer. */
  response: Record<number, z.ZodType>;
  /** The body is multipart/form-data, read by the handler (no JSON body schema). */
  multipart?: true;
}

/**
 * The request and response schemas of every endpoint in API_ROUTES (one contract per endpoint,
 * docs/conventions.md rule 1). The server registers each route from its entry; the web app takes its
 * request and answer types from here (type-only imports, so no schema reaches a page bundle).
 * `premiumLabel` is the branded certification name the listing completion accepts.
 */
export const endpointSchemas = (premiumLabel: string) =>
  ({
    adminLogin: { body: adminLoginBodySchema, response: { 200: adminLoginResponseSchema } },
    adminLogout: { response: { 200: okSchema } },
    adminCheck: { response: { 200: adminCheckResponseSchema } },
    adminPassword: { body: changePasswordBodySchema, response: { 200: okSchema } },
    dealerLogin: { body: dealerLoginBodySchema, response: { 200: dealerInfoSchema } },
    dealerLogout: { response: { 200: okSchema } },
    dealerMe: { response: { 200: dealerInfoSchema } },
    staffLogin: { body: staffLoginBodySchema, response: { 200: staffMeResponseSchema } },
    staffLogout: { response: { 200: okSchema } },
    staffMe: { response: { 200: staffMeResponseSchema } },
    staffUploads: { query: staffUploadsQuerySchema, response: { 200: staffUploadsResponseSchema } },

    memberLogin: { body: memberSignInBodySchema, response: { 200: dealerInfoSchema } },
    passkeySignInOptions: { response: { 200: webauthnOptionsSchema } },
    passkeySignIn: { body: passkeySignInBodySchema, response: { 200: dealerInfoSchema } },
    readInvitation: { body: tokenBodySchema, response: { 200: invitationSchema } },
    invitationPasskeyOptions: { body: tokenBodySchema, response: { 200: webauthnOptionsSchema } },
    acceptInvitation: { body: acceptInvitationBodySchema, response: { 200: dealerInfoSchema } },
    requestPasswordReset: { body: passwordResetRequestBodySchema, response: { 200: okSchema } },
    resetPassword: { body: passwordResetBodySchema, response: { 200: okSchema } },
    memberPassword: { body: changeMemberPasswordBodySchema, response: { 200: okSchema } },
    memberReauth: { body: reauthBodySchema, response: { 200: reauthResponseSchema } },
    memberPasskeys: { response: { 200: z.array(passkeySchema) } },
    passkeyOptions: { body: passkeyOptionsBodySchema, response: { 200: webauthnOptionsSchema } },
    addPasskey: { body: addPasskeyBodySchema, response: { 201: passkeySchema } },
    deletePasskey: { params: idParamsSchema, response: { 200: okSchema } },
    teamMembers: { response: { 200: z.array(teamMemberSchema) } },
    inviteMember: { body: inviteMemberBodySchema, response: { 201: invitedMemberSchema } },
    updateMember: {
      params: idParamsSchema,
      body: updateMemberBodySchema,
      response: { 200: teamMemberSchema },
    },
    removeMember: { params: idParamsSchema, response: { 200: teamMemberSchema } },
    deactivateTeamCode: { params: idParamsSchema, response: { 200: dealerBuyCodeSchema } },
    rotateTeamCode: { params: idParamsSchema, response: { 201: dealerBuyCodeSchema } },
    adminDealerTeam: { params: idParamsSchema, response: { 200: z.array(teamMemberSchema) } },
    adminInviteMember: {
      params: idParamsSchema,
      body: inviteMemberBodySchema,
      response: { 201: invitedMemberSchema },
    },
    resendInvitation: { params: idParamsSchema, response: { 200: invitedMemberSchema } },
    revokeInvitation: { params: idParamsSchema, response: { 200: okSchema } },
    disableMember: { params: idParamsSchema, response: { 200: teamMemberSchema } },
    dealerPurchase: { body: dealerPurchaseBodySchema, response: { 200: dealerPurchaseResponseSchema } },
    dealerCreateOffer: { body: dealerOfferBodySchema, response: { 201: offerReceiptSchema } },

    // Admins get every vehicle with its sale; everyone else the published list (sent pre-serialised).
    listVehicles: { response: { 200: z.union([z.array(adminListingSchema), z.array(publicVehicleSchema)]) } },
    searchVehicles: { query: vehicleSearchQuerySchema, response: { 200: vehicleSearchResultSchema } },
    getVehicle: { params: vehicleIdParamsSchema, response: { 200: vehicleDetailSchema } },
    createVehicle: { body: createVehicleBodySchema, response: { 201: adminVehicleSchema } },
    updateVehicle: {
      params: vehicleIdParamsSchema,
      body: updateVehicleBodySchema(premiumLabel),
      response: { 200: adminVehicleSchema },
    },
    firstLookPreview: {
      params: vehicleIdParamsSchema,
      body: firstLookPreviewBodySchema(premiumLabel),
      response: { 200: firstLookPreviewSchema },
    },
    dealerFirstLooks: { response: { 200: z.array(heldVehicleSchema) } },
    decodeVin: { params: vinParamSchema, response: { 200: vinDecodeSchema } },
    mediaConfig: { response: { 200: mediaConfigSchema } },
    cloudinarySignature: { response: { 200: cloudinarySignatureSchema } },
    uploadResult: { params: uploadIdParamsSchema, response: { 200: localUploadResultSchema } },
    syncVehicles: { response: { 200: syncResultSchema } },
    photoUploadStatus: { params: photoUploadParamsSchema, response: { 200: photoUploadStatusSchema } },
    attachPhotos: {
      params: vehicleIdParamsSchema,
      body: photosBodySchema,
      response: { 200: conditionReportResponseSchema },
    },
    reorderPhotos: {
      params: vehicleIdParamsSchema,
      body: photosBodySchema,
      response: { 200: conditionReportResponseSchema },
    },
    deletePhoto: { params: vehiclePhotoParamsSchema, response: { 200: conditionReportResponseSchema } },
    updateConditionReport: {
      params: vehicleIdParamsSchema,
      body: conditionReportBodySchema,
      response: { 200: conditionReportResponseSchema },
    },
    requiredShots: { response: { 200: requiredShotsSchema } },
    updateRequiredShots: { body: updateRequiredShotsBodySchema, response: { 200: requiredShotsSchema } },

    verifyCode: { body: verifyCodeBodySchema, response: { 200: purchaseResponseSchema } },
    saleTerms: { response: { 200: saleTermsPreviewSchema } },
    createOffer: {
      params: vehicleIdParamsSchema,
      body: createOfferBodySchema,
      response: { 201: offerReceiptSchema },
    },
    listOffers: { response: { 200: z.array(offerViewSchema) } },
    updateOffer: { params: idParamsSchema, body: updateOfferBodySchema, response: { 200: offerViewSchema } },
    withdrawCounter: { params: idParamsSchema, response: { 200: offerViewSchema } },

    dealerBuyCodes: { response: { 200: z.array(dealerBuyCodeSchema) } },
    dealerTransactions: { response: { 200: z.array(dealerTransactionSchema) } },
    dealerOffers: { response: { 200: z.array(offerViewSchema) } },
    recordDealerSaleEvent: {
      params: idParamsSchema,
      body: dealerSaleEventBodySchema,
      response: { 200: dealerTransactionSchema },
    },
    respondToCounter: {
      params: idParamsSchema,
      body: respondToCounterBodySchema,
      response: { 200: offerViewSchema },
    },
    dealerNotificationPreferences: { response: { 200: dealerNotificationPreferencesSchema } },
    updateDealerNotificationPreferences: {
      body: updateNotificationPreferencesBodySchema,
      response: { 200: dealerNotificationPreferencesSchema },
    },
    dealerBuyOrders: { response: { 200: z.array(buyOrderSchema) } },
    createBuyOrder: { body: createBuyOrderBodySchema, response: { 201: buyOrderSchema } },
    updateBuyOrder: {
      params: idParamsSchema,
      body: updateBuyOrderBodySchema,
      response: { 200: buyOrderSchema },
    },
    buyOrderDemand: { response: { 200: demandSchema } },
    buyOrderHistory: { params: idParamsSchema, response: { 200: buyOrderHistorySchema } },
    dealerSavedSearches: { response: { 200: z.array(savedSearchSchema) } },
    createSavedSearch: { body: createSavedSearchBodySchema, response: { 201: savedSearchSchema } },
    deleteSavedSearch: { params: idParamsSchema, response: { 200: okSchema } },
    updateSavedSearch: {
      params: idParamsSchema,
      body: updateSavedSearchBodySchema,
      response: { 200: savedSearchSchema },
    },
    listReconPackages: { response: { 200: z.array(reconPackageSchema) } },
    adminReconPackages: { response: { 200: z.array(reconPackageSchema) } },
    createReconPackage: { body: createReconPackageBodySchema, response: { 201: reconPackageSchema } },
    updateReconPackage: {
      params: idParamsSchema,
      body: updateReconPackageBodySchema,
      response: { 200: reconPackageSchema },
    },
    transportQuote: { body: transportQuoteBodySchema, response: { 200: transportQuoteSchema } },
    orderTransport: {
      params: idParamsSchema,
      body: transportRequestSchema,
      response: { 201: dealerTransactionSchema },
    },
    confirmDelivery: {
      params: idParamsSchema,
      body: confirmDeliveryBodySchema,
      response: { 200: dealerTransactionSchema },
    },
    payWithFloorPlan: {
      params: idParamsSchema,
      body: payWithFloorPlanBodySchema,
      response: { 200: dealerTransactionSchema },
    },
    dealerFloorPlanLines: { response: { 200: z.array(floorPlanLineSchema) } },
    createFloorPlanLine: { body: createFloorPlanLineBodySchema, response: { 201: floorPlanLineSchema } },
    removeFloorPlanLine: { params: idParamsSchema, response: { 200: okSchema } },
    acceptDelivery: {
      params: idParamsSchema,
      body: acceptDeliveryBodySchema,
      response: { 200: adminTransactionSchema },
    },
    transportBoard: { response: { 200: z.array(transportBoardRowSchema) } },
    updateTransportOrder: {
      params: idParamsSchema,
      body: updateTransportOrderBodySchema,
      response: { 200: transportBoardRowSchema },
    },
    attachBillOfLading: {
      params: idParamsSchema,
      body: attachBolBodySchema,
      response: { 200: transportBoardRowSchema },
    },
    floorPlanBoard: { response: { 200: z.array(floorPlanBoardRowSchema) } },
    decideFloorPlan: {
      params: idParamsSchema,
      body: decideFloorPlanBodySchema,
      response: { 200: floorPlanBoardRowSchema },
    },
    vehicleGuides: { query: guidesQuerySchema, response: { 200: guidesResponseSchema } },
    vehicleGuide: { params: guideParamsSchema, response: { 200: guideDetailSchema } },
    vehicleGuidePreview: {
      params: guideParamsSchema,
      query: guidePreviewQuerySchema,
      response: { 200: guideDetailSchema },
    },
    insights: { query: insightsQuerySchema, response: { 200: insightsReportSchema } },
    exportInsights: { query: insightsCsvQuerySchema, response: { 200: fileResponseSchema } },
    dealerInsights: { query: dealerInsightsQuerySchema, response: { 200: dealerInsightsSchema } },
    exportDealerInsights: { query: dealerInsightsQuerySchema, response: { 200: fileResponseSchema } },
    carrierWebhook: { body: z.record(z.string(), z.unknown()), response: { 200: okSchema } },
    lenderWebhook: { body: z.record(z.string(), z.unknown()), response: { 200: okSchema } },
    dealerAlertSchedule: { response: { 200: alertScheduleSchema } },
    updateAlertSchedule: { body: alertScheduleSchema, response: { 200: alertScheduleSchema } },
    dealerWatchlist: { response: { 200: z.array(watchlistEntrySchema) } },
    updateWatchlistEntry: {
      params: vehicleIdParamsSchema,
      body: updateWatchlistBodySchema,
      response: { 200: watchlistFlagsSchema },
    },
    mergeWatchlist: { body: mergeWatchlistBodySchema, response: { 200: z.array(watchlistEntrySchema) } },

    listWorkOrders: { query: workOrdersQuerySchema, response: { 200: z.array(workOrderSchema) } },
    getWorkOrder: { params: idParamsSchema, response: { 200: workOrderSchema } },
    addWorkOrderTask: { params: idParamsSchema, body: addTaskBodySchema, response: { 201: workOrderSchema } },
    updateWorkOrderTask: {
      params: workOrderTaskParamsSchema,
      body: updateTaskBodySchema,
      response: { 200: workOrderSchema },
    },
    attachTaskPhotos: {
      params: workOrderTaskParamsSchema,
      body: attachTaskPhotosBodySchema,
      response: { 200: workOrderSchema },
    },
    dealerWorkOrders: { response: { 200: z.array(dealerWorkOrderSchema) } },
    listDealers: { response: { 200: z.array(dealerSchema) } },
    createDealer: { body: createDealerBodySchema, response: { 201: createDealerResponseSchema } },
    updateDealer: { params: idParamsSchema, body: updateDealerBodySchema, response: { 200: dealerSchema } },
    listBuyCodes: { query: buyCodesQuerySchema, response: { 200: z.array(adminBuyCodeSchema) } },
    createBuyCode: { body: createBuyCodeBodySchema, response: { 201: adminBuyCodeSchema } },
    updateBuyCode: {
      params: idParamsSchema,
      body: updateBuyCodeBodySchema,
      response: { 200: adminBuyCodeSchema },
    },
    listTransactions: { query: transactionsQuerySchema, response: { 200: z.array(adminTransactionSchema) } },
    transactionAging: { response: { 200: transactionAgingSchema } },
    exportTransactions: { response: { 200: fileResponseSchema } },
    updateTransaction: {
      params: idParamsSchema,
      body: updateTransactionBodySchema,
      response: { 200: adminTransactionSchema },
    },
    recordSaleEvent: {
      params: idParamsSchema,
      body: adminSaleEventBodySchema,
      response: { 200: adminTransactionSchema },
    },
    uploadBillOfSale: { params: idParamsSchema, multipart: true, response: { 200: adminTransactionSchema } },
    downloadBillOfSale: { params: idParamsSchema, response: { 200: fileResponseSchema } },
    listAudit: { query: auditQuerySchema, response: { 200: z.array(auditEntrySchema) } },
    listNotifications: { query: notificationsQuerySchema, response: { 200: z.array(notificationSchema) } },
    resendNotification: { params: idParamsSchema, response: { 200: notificationSchema } },
    liveEvents: { query: liveEventsQuerySchema, response: { 200: liveStreamResponseSchema } },
    unsubscribePage: { query: unsubscribeQuerySchema, response: { 200: htmlPageSchema } },
    // The body is `List-Unsubscribe=One-Click`, form-encoded or multipart (RFC 8058), read by the handler.
    // A browser submitting the confirmation page's form gets the answer as a page.
    unsubscribe: {
      query: unsubscribeQuerySchema,
      response: { 200: z.union([unsubscribeResultSchema, htmlPageSchema]) },
    },
  }) as const satisfies Record<ApiRouteName, EndpointSchemas>;

type Schemas = ReturnType<typeof endpointSchemas>;
type SchemaOf<N extends ApiRouteName, K extends 'params' | 'query' | 'body'> =
  Schemas[N] extends Record<K, infer S extends z.ZodType> ? S : never;
type SuccessSchema<N extends ApiRouteName> = Schemas[N]['response'][keyof Schemas[N]['response']];

/** What a client sends as the JSON body of endpoint N (before the server's parsing). */
export type EndpointBody<N extends ApiRouteName> = z.input<SchemaOf<N, 'body'>>;
/** What a client sends as the query string of endpoint N (numbers are written as decimals). */
export type EndpointQuery<N extends ApiRouteName> = {
  [K in keyof z.input<SchemaOf<N, 'query'>>]: z.input<SchemaOf<N, 'query'>>[K] | number;
};
/** The success answer of endpoint N. */
export type EndpointResponse<N extends ApiRouteName> =
  SuccessSchema<N> extends z.ZodType ? z.output<SuccessSchema<N>> : never;

/** Each endpoint's route with its schemas, as the server registers it. */
export const endpoints = (premiumLabel: string) => {
  const schemas = endpointSchemas(premiumLabel) as Record<ApiRouteName, EndpointSchemas>;
  return Object.fromEntries(
    (Object.keys(API_ROUTES) as ApiRouteName[]).map((name) => [
      name,
      { ...API_ROUTES[name], ...schemas[name] },
    ]),
  ) as Record<ApiRouteName, (typeof API_ROUTES)[ApiRouteName] & EndpointSchemas>;
};
