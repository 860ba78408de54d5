/** A stored step of the timeline (transaction_events). */
export interface StoredSaleEvent {
  id: number;
  type: string;
  data: Record<string, unknown>;
  actorType: string;
  createdAt: Date;
}
