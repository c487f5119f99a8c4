/**
 * What other parts of the app may ask of presence (decision 008): the interface only; `make-port.ts` answers it
 * and app.ts plugs it in. The realtime stream and app.ts's request hook tell it who is active.
 */
export interface PresencePort {
  /** These staff members are active now (a signed-in request, an open stream): online for five minutes. */
  staffActive(userIds: string[], now?: Date): Promise<void>;
}
