/** The time source of every expiry and window; tests pass a fake one. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
