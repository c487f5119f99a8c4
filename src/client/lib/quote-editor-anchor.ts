/**
 * Where the staff's request page opens its quote editor (decision 030): the requests feature's quick action
 * "Write a quote" goes to `#quote-editor`, and the quotes feature's panel opens its editor there. A request
 * reaches Quoted only by sending a quote.
 */
export const QUOTE_EDITOR_ANCHOR = "quote-editor";
