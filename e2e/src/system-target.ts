/** A running Quire, whichever way it runs, as a system scenario sees it. */
export interface SystemTarget {
  baseUrl: string;
  /** The captcha code the server holds for a browser (tests cannot read the image). */
  captchaCode(clientId: string): Promise<string>;
}
