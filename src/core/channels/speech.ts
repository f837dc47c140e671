/**
 * Words for a voice channel: numbers and clock times as a Chinese speaker says them ("第三项，十八点
 * 四十出发"), so a speech synthesizer reads them naturally instead of digit by digit.
 */

const DIGITS = ["零", "一", "二", "三", "四", "五", "六", "七", "八", "九"];

/**
 * A whole number from 0 to 9,999 in Chinese numerals, as spoken ("十八", "二十一", "一百零五");
 * anything else in digits.
 *
 * @example
 * chineseNumber(18); // "十八"
 * chineseNumber(105); // "一百零五"
 */
export function chineseNumber(n: number): string {
  if (!Number.isInteger(n) || n < 0 || n > 9999) return String(n);
  if (n < 10) return DIGITS[n] as string;
  if (n < 20) return `十${n % 10 ? DIGITS[n % 10] : ""}`;
  const units: [number, string][] = [[1000, "千"], [100, "百"], [10, "十"], [1, ""]];
  let out = "";
  let zero = false;
  for (const [size, unit] of units) {
    const digit = Math.floor(n / size) % 10;
    if (digit === 0) {
      if (out) zero = true;
      continue;
    }
    if (zero) out += "零";
    zero = false;
    out += (DIGITS[digit] as string) + unit;
  }
  return out;
}

/**
 * Text with its clock times and plain numbers spoken in Chinese: "18:40" → "十八点四十",
 * "09:05" → "九点零五", "3 人" → "三 人". Digits inside longer tokens (codes, ids) stay.
 *
 * @example
 * speakChinese("18:40 出发"); // "十八点四十 出发"
 */
export function speakChinese(text: string): string {
  return text
    .replace(/(?<![\d:])([01]?\d|2[0-3]):([0-5]\d)(?![\d:])/g, (_, h: string, m: string) => {
      const minutes = Number(m);
      const spokenMinutes = minutes === 0 ? "整" : minutes < 10 ? `零${chineseNumber(minutes)}` : chineseNumber(minutes);
      return `${chineseNumber(Number(h))}点${spokenMinutes}`;
    })
    .replace(/(?<![\w.:-])(\d{1,4})(?![\w.:-])/g, (_, digits: string) => chineseNumber(Number(digits)));
}
