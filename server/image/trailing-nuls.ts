// EXIF strings often end in NUL padding. `/\0+$/` would look for it from every NUL in the text,
// which is quadratic on a long run of NULs that is not at the end; this walks back once.

export function withoutTrailingNuls(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 0) end -= 1;
  return end === text.length ? text : text.slice(0, end);
}
