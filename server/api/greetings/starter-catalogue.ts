import { LANGUAGES } from "#contracts/i18n/languages.ts";
import type { Motif } from "#server/services/branding/motifs.ts";
import type { Palette } from "#server/services/branding/greeting-art.ts";

/*
 * The starter library (issue 26): the greeting posts every new installation has, across the
 * year's festivals and the daily themes, each greeting in the languages of the panel (ADR 0066).
 * The copy is the greeting people send ("Happy Diwali", "शुभ दीपावली", "Good Morning"), never a
 * word glued to a category ("Happy Sweet Shop"). Lunar festivals move: their days are listed
 * per year from the published calendars (an admin can correct a subcategory's date).
 */

/** The library is made in every panel language. */
export const STARTER_LANGUAGES = LANGUAGES;
export type StarterLanguage = (typeof STARTER_LANGUAGES)[number];

/** The tag each post gets: its language's English name (lists filter by tag). */
export const LANGUAGE_TAGS: Record<StarterLanguage, string> = {
  en: "English",
  hi: "Hindi",
  bn: "Bengali",
  mr: "Marathi",
  te: "Telugu",
  ta: "Tamil",
  gu: "Gujarati",
};

export type StarterTheme = {
  /** The subcategory the posts go into (English, as the existing ones are named). */
  subcategory: string;
  category: "Festivals" | "Daily Wishes";
  /** Fixed day (month, day) or the lunar festival's days by year; none for daily themes. */
  date?: { fixed: [number, number] } | { byYear: Record<number, string> };
  motifs: readonly Motif[];
  palette: Palette;
  /** The greeting in each language it is made in. */
  greetings: Partial<Record<StarterLanguage, string>>;
  /** The English post's second line. */
  wish?: string;
};

const STARTER_THEMES: readonly StarterTheme[] = [
  {
    subcategory: "Diwali",
    category: "Festivals",
    date: {
      byYear: { 2026: "2026-11-08", 2027: "2027-10-29", 2028: "2028-10-17" },
    },
    motifs: ["diya", "lantern", "rangoli"],
    palette: "night",
    greetings: {
      en: "Happy Diwali",
      hi: "शुभ दीपावली",
      bn: "শুভ দীপাবলি",
      mr: "दिवाळीच्या हार्दिक शुभेच्छा",
      te: "దీపావళి శుభాకాంక్షలు",
      ta: "தீபாவளி நல்வாழ்த்துகள்",
      gu: "શુભ દીપાવલી",
    },
    wish: "May the festival of lights brighten your home",
  },
  {
    subcategory: "Holi",
    category: "Festivals",
    date: {
      byYear: { 2026: "2026-03-04", 2027: "2027-03-22", 2028: "2028-03-11" },
    },
    motifs: ["colours", "flowers", "colours"],
    palette: "rose",
    greetings: {
      en: "Happy Holi",
      hi: "होली की हार्दिक शुभकामनाएँ",
      bn: "হোলির শুভেচ্ছা",
      mr: "होळीच्या हार्दिक शुभेच्छा",
      te: "హోలీ శుభాకాంక్షలు",
      ta: "ஹோலி நல்வாழ்த்துகள்",
      gu: "હોળીની શુભકામનાઓ",
    },
    wish: "Wishing you a colourful Holi",
  },
  {
    subcategory: "Makar Sankranti",
    category: "Festivals",
    date: { fixed: [1, 14] },
    motifs: ["kite", "sun", "kite"],
    palette: "sky",
    greetings: {
      en: "Happy Makar Sankranti",
      hi: "मकर संक्रांति की शुभकामनाएँ",
      bn: "মকর সংক্রান্তির শুভেচ্ছা",
      mr: "मकर संक्रांतीच्या हार्दिक शुभेच्छा",
      te: "సంక్రాంతి శుభాకాంక్షలు",
      ta: "இனிய பொங்கல் நல்வாழ்த்துகள்",
      gu: "ઉત્તરાયણની શુભકામનાઓ",
    },
    wish: "May your kites fly high",
  },
  {
    subcategory: "Raksha Bandhan",
    category: "Festivals",
    date: {
      byYear: { 2026: "2026-08-28", 2027: "2027-08-17", 2028: "2028-08-05" },
    },
    motifs: ["flowers", "lotus", "rangoli"],
    palette: "royal",
    greetings: {
      en: "Happy Raksha Bandhan",
      hi: "रक्षाबंधन की हार्दिक शुभकामनाएँ",
      bn: "রাখি বন্ধনের শুভেচ্ছা",
      mr: "रक्षाबंधनाच्या हार्दिक शुभेच्छा",
      te: "రక్షా బంధన్ శుభాకాంక్షలు",
      ta: "ரக்ஷா பந்தன் நல்வாழ்த்துகள்",
      gu: "રક્ષાબંધનની શુભકામનાઓ",
    },
    wish: "Celebrating the bond of love",
  },
  {
    subcategory: "Ganesh Chaturthi",
    category: "Festivals",
    date: {
      byYear: { 2026: "2026-09-14", 2027: "2027-09-04", 2028: "2028-08-23" },
    },
    motifs: ["lotus", "toran", "flowers"],
    palette: "saffron",
    greetings: {
      en: "Happy Ganesh Chaturthi",
      hi: "गणेश चतुर्थी की शुभकामनाएँ",
      bn: "গণেশ চতুর্থীর শুভেচ্ছা",
      mr: "गणेशोत्सवाच्या हार्दिक शुभेच्छा",
      te: "వినాయక చవితి శుభాకాంక్షలు",
      ta: "விநாயகர் சதுர்த்தி நல்வாழ்த்துகள்",
      gu: "ગણેશ ચતુર્થીની શુભકામનાઓ",
    },
    wish: "Ganpati Bappa Morya",
  },
  {
    subcategory: "Independence Day",
    category: "Festivals",
    date: { fixed: [8, 15] },
    motifs: ["tricolour", "flowers", "tricolour"],
    palette: "flag",
    greetings: {
      en: "Happy Independence Day",
      hi: "स्वतंत्रता दिवस की हार्दिक शुभकामनाएँ",
      bn: "স্বাধীনতা দিবসের শুভেচ্ছা",
      mr: "स्वातंत्र्य दिनाच्या हार्दिक शुभेच्छा",
      te: "స్వాతంత్ర్య దినోత్సవ శుభాకాంక్షలు",
      ta: "சுதந்திர தின நல்வாழ்த்துகள்",
      gu: "સ્વતંત્રતા દિવસની શુભકામનાઓ",
    },
    wish: "Jai Hind",
  },
  {
    subcategory: "Republic Day",
    category: "Festivals",
    date: { fixed: [1, 26] },
    motifs: ["tricolour", "flowers", "tricolour"],
    palette: "flag",
    greetings: {
      en: "Happy Republic Day",
      hi: "गणतंत्र दिवस की हार्दिक शुभकामनाएँ",
      bn: "প্রজাতন্ত্র দিবসের শুভেচ্ছা",
      mr: "प्रजासत्ताक दिनाच्या हार्दिक शुभेच्छा",
      te: "గణతంత్ర దినోత్సవ శుభాకాంక్షలు",
      ta: "குடியரசு தின நல்வாழ்த்துகள்",
      gu: "પ્રજાસત્તાક દિનની શુભકામનાઓ",
    },
    wish: "Proud to be Indian",
  },
  {
    subcategory: "Good Morning",
    category: "Daily Wishes",
    motifs: ["sun", "flowers", "flowers"],
    palette: "dawn",
    greetings: {
      en: "Good Morning",
      hi: "सुप्रभात",
      bn: "সুপ্রভাত",
      mr: "शुभ सकाळ",
      te: "శుభోదయం",
      ta: "காலை வணக்கம்",
      gu: "સુપ્રભાત",
    },
    wish: "Have a wonderful day",
  },
  {
    subcategory: "Good Night",
    category: "Daily Wishes",
    motifs: ["moon", "star", "moon"],
    palette: "night",
    greetings: {
      en: "Good Night",
      hi: "शुभ रात्रि",
      bn: "শুভ রাত্রি",
      mr: "शुभ रात्री",
      te: "శుభ రాత్రి",
      ta: "இனிய இரவு வணக்கம்",
      gu: "શુભ રાત્રી",
    },
    wish: "Sweet dreams",
  },
  {
    subcategory: "Navratri",
    category: "Festivals",
    date: {
      byYear: { 2026: "2026-10-11", 2027: "2027-09-30", 2028: "2028-09-19" },
    },
    motifs: ["rangoli", "toran", "flowers"],
    palette: "royal",
    greetings: {
      en: "Happy Navratri",
      hi: "नवरात्रि की शुभकामनाएँ",
      gu: "નવરાત્રીની શુભકામનાઓ",
    },
    wish: "Nine nights of devotion and dance",
  },
  {
    subcategory: "Dussehra",
    category: "Festivals",
    date: {
      byYear: { 2026: "2026-10-20", 2027: "2027-10-09", 2028: "2028-09-27" },
    },
    motifs: ["toran", "flowers", "diya"],
    palette: "saffron",
    greetings: {
      en: "Happy Dussehra",
      hi: "विजयादशमी की हार्दिक शुभकामनाएँ",
      mr: "दसऱ्याच्या हार्दिक शुभेच्छा",
    },
    wish: "May good always win",
  },
  {
    subcategory: "Durga Puja",
    category: "Festivals",
    date: {
      byYear: { 2026: "2026-10-17", 2027: "2027-10-06", 2028: "2028-09-25" },
    },
    motifs: ["lotus", "rangoli", "flowers"],
    palette: "rose",
    greetings: {
      en: "Happy Durga Puja",
      bn: "শুভ দুর্গাপূজা",
      hi: "दुर्गा पूजा की शुभकामनाएँ",
    },
    wish: "Blessings of Maa Durga",
  },
  {
    subcategory: "Gudi Padwa",
    category: "Festivals",
    date: {
      byYear: { 2026: "2026-03-19", 2027: "2027-04-07", 2028: "2028-03-27" },
    },
    motifs: ["toran", "flowers", "lotus"],
    palette: "saffron",
    greetings: { en: "Happy Gudi Padwa", mr: "गुढीपाडव्याच्या हार्दिक शुभेच्छा" },
    wish: "A happy new year to you",
  },
  {
    subcategory: "Ugadi",
    category: "Festivals",
    date: {
      byYear: { 2026: "2026-03-19", 2027: "2027-04-07", 2028: "2028-03-27" },
    },
    motifs: ["toran", "flowers", "sun"],
    palette: "leaf",
    greetings: { en: "Happy Ugadi", te: "ఉగాది శుభాకాంక్షలు" },
    wish: "A happy new year to you",
  },
  {
    subcategory: "Eid",
    category: "Festivals",
    date: {
      byYear: { 2026: "2026-03-20", 2027: "2027-03-10", 2028: "2028-02-27" },
    },
    motifs: ["moon", "lantern", "star"],
    palette: "leaf",
    greetings: { en: "Eid Mubarak", hi: "ईद मुबारक" },
    wish: "Peace and happiness to you",
  },
  {
    subcategory: "Janmashtami",
    category: "Festivals",
    date: {
      byYear: { 2026: "2026-09-04", 2027: "2027-08-25", 2028: "2028-08-13" },
    },
    motifs: ["lotus", "flowers", "toran"],
    palette: "sky",
    greetings: { en: "Happy Janmashtami", hi: "जन्माष्टमी की हार्दिक शुभकामनाएँ" },
    wish: "Blessings of Shri Krishna",
  },
  {
    subcategory: "Christmas",
    category: "Festivals",
    date: { fixed: [12, 25] },
    motifs: ["star", "lantern", "star"],
    palette: "leaf",
    greetings: { en: "Merry Christmas", hi: "क्रिसमस की शुभकामनाएँ" },
    wish: "Joy and peace this season",
  },
  {
    subcategory: "New Year",
    category: "Festivals",
    date: { fixed: [1, 1] },
    motifs: ["star", "colours", "star"],
    palette: "night",
    greetings: { en: "Happy New Year", hi: "नव वर्ष की हार्दिक शुभकामनाएँ" },
    wish: "Wishing you a great year ahead",
  },
];

export type StarterPost = {
  slug: string;
  theme: StarterTheme;
  language: StarterLanguage;
  headline: string;
  subline: string | null;
  layout: number;
};

/** Every post of the library, in a stable order (its slug names its file, so a rerun finds it). */
export function starterPosts(): StarterPost[] {
  const out: StarterPost[] = [];
  for (const theme of STARTER_THEMES) {
    const slug = theme.subcategory.toLowerCase().replace(/[^a-z0-9]+/g, "-");
    STARTER_LANGUAGES.forEach((language, i) => {
      const headline = theme.greetings[language];
      if (!headline) return;
      out.push({
        slug: `${slug}-${language}`,
        theme,
        language,
        headline,
        subline: language === "en" ? (theme.wish ?? null) : null,
        layout: i,
      });
    });
  }
  return out;
}

/** The festival's next day on or after `today` (YYYY-MM-DD); null for daily themes. */
export function nextDate(theme: StarterTheme, today: string): string | null {
  if (!theme.date) return null;
  const year = Number(today.slice(0, 4));
  if ("fixed" in theme.date) {
    const [m, d] = theme.date.fixed;
    const at = (y: number) =>
      `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
    return at(year) >= today ? at(year) : at(year + 1);
  }
  const days = Object.values(theme.date.byYear).sort();
  return days.find((d) => d >= today) ?? days.at(-1)!;
}
