// The product's mark (public/favicon.svg, the same drawing), inline: no request before the first
// paint for a 0.4 KiB picture (docs/scaling.md, First pages). Keep it in step with the file.
export const LOGO_SRC =
  "data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22 viewBox=%220 0 32 32%22%3E%3Crect width=%2232%22 height=%2232%22 rx=%227%22 fill=%22%231d4ed8%22/%3E%3Cpath d=%22M10 21.5c1.6 1.3 3.6 2 5.9 2 3.3 0 5.6-1.6 5.6-4.2 0-2.4-1.7-3.4-4.8-4.1l-1.6-.4c-1.6-.4-2.3-.9-2.3-1.8 0-1.1 1-1.8 2.6-1.8 1.5 0 2.9.5 4 1.4l1.5-2.2a8.6 8.6 0 0 0-5.4-1.8c-3.2 0-5.4 1.7-5.4 4.3 0 2.4 1.7 3.5 4.6 4.1l1.6.4c1.7.4 2.4.9 2.4 1.9 0 1.1-1.1 1.8-2.8 1.8-1.8 0-3.3-.6-4.6-1.7L10 21.5Z%22 fill=%22%23fff%22/%3E%3C/svg%3E";
