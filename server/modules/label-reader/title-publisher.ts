// A publisher guessed from the title, for a label whose publisher line gave nothing. On phone
// photos the publisher-and-date line is the label's smallest print and often reads as noise, while
// the title above it is read (issue 12; ADRs 0049 and 0071 measured what the line itself gives).
// Most titles a seller slabs name a character or series that only one house publishes: a
// 'Spider-Man' book is Marvel's, a 'Batman' book DC's. The lists below are written from general
// knowledge of the medium, as comic-words.ts is: NOT drawn from the dev photos' records nor from
// the demo price guide, so the reader is not tuned to the books it is measured on.
//
// Left out on purpose: licensed properties that several houses have published (Star Wars, Conan,
// Transformers, G.I. Joe, Turtles, Power Rangers, Godzilla...), imprints whose label prints another
// name (Vertigo's Sandman and Hellblazer print 'DC/Vertigo'; Skybound's Walking Dead and
// Invincible 'Image/Skybound' on newer labels), and single words other titles share ('Flash
// Gordon', 'Robin Hood', 'The Spider').
//
// A guess only: it is given at GUESS_CONFIDENCE with a note, so the seller checks it and the
// dealer's price guide replaces it (extraction/guide-fill.ts). Licensed foreign editions (Panini's
// Spider-Man) are the guess's known misses.
import { GUESS_CONFIDENCE } from '../../../shared/confidence-bars.js';
import type { ParsedLabel } from './label-parser.js';

/** The houses a title can be guessed for, by their names as labels print them (publishers.ts). */
type GuessedHouse = 'Marvel Comics' | 'DC Comics' | 'Image Comics';

/**
 * Phrases naming a house's characters and series, as lower-case words (hyphens and punctuation are
 * word breaks, as OCR reads them). One phrase per line of the template, '|' between phrases.
 */
const HOUSE_PHRASES: Record<GuessedHouse, readonly string[]> = {
  'Marvel Comics': phrases(`
    marvel | marvels | spider man | spider men | spider boy | spider girl | spider woman |
    spider women | spider gwen | spider verse | spider punk | spider ham | spider geddon |
    x men | x man | x force | x factor | x 23 | x statix | uncanny | new mutants | excalibur |
    generation x | avengers | wolverine | hulk | she hulk | hulkling | venom |
    carnage | daredevil | punisher | fantastic four | mighty thor | thor | loki | iron man |
    ironheart | captain america | black panther | doctor strange | dr strange | silver surfer |
    ghost rider | moon knight | deadpool | namor | sub mariner | inhumans | eternals | defenders |
    thunderbolts | guardians of the galaxy | miles morales | kamala khan | black widow | hawkeye |
    ant man | scarlet witch | quicksilver | magneto | gambit | psylocke | nightcrawler | cyclops |
    jean grey | cable |
    kraven | morbius | elektra | shang chi | iron fist | luke cage | power man | jessica jones |
    squirrel girl | howard the duck | madame web | werewolf by night | tomb of dracula |
    man thing | nick fury | sgt fury | tales of suspense | tales to astonish | strange tales |
    journey into mystery | amazing fantasy | what if |
    thanos | galactus | kang | runaways | young avengers | star lord |
    gamora | rocket raccoon | groot | nova corps | silver sable | black cat | mysterio |
    green goblin | hobgoblin | sabretooth | mystique | dazzler | namora
  `),
  'DC Comics': phrases(`
    dc | batman | batgirl | batwoman | batwing | superman | supergirl | superboy | wonder woman |
    action comics | detective comics | green lantern | green arrow | aquaman | justice league |
    jla | jsa | justice society | teen titans | nightwing | catwoman | harley quinn | poison ivy |
    joker | shazam | swamp thing | hawkman | hawkgirl | zatanna | lobo | booster gold |
    doom patrol | legion of super heroes | suicide squad | watchmen | red hood | deathstroke |
    martian manhunter | black canary | darkseid | new gods | kamandi | jonah hex | sgt rock |
    our army at war | showcase | brave and the bold | gotham | arkham | flashpoint |
    the flash | world s finest | worlds finest | black adam | mister miracle |
    starfire | beast boy | cyborg superman | riddler
  `),
  'Image Comics': phrases(`
    spawn | savage dragon
  `),
};

/**
 * Marvel's books before Fantastic Four #1 (1961) carry Timely's or Atlas's name on the label, not
 * Marvel's. DC's earliest books are labelled 'DC Comics' as far as we know, so they keep the guess.
 */
const MARVEL_NAME_FROM = 1961;

/** The words of a title as the phrases are written: lower case, anything else a break. */
function titleWordsOf(title: string): string[] {
  return title
    .normalize('NFKD')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '');
}

/** A template's phrases ('spider man | x men') as titleWordsOf writes words, one space between. */
function phrases(template: string): string[] {
  return template
    .split('|')
    .map((phrase) => titleWordsOf(phrase).join(' '))
    .filter((phrase) => phrase !== '');
}

/** A title's words, held both ways `namesPhrase` looks a phrase up in them. */
interface TitleWords {
  words: readonly string[];
  /** The words with a space between and at either end. */
  spaced: string;
}

/**
 * The title holds the phrase as whole words in a row, or run together into one word ('Spiderman',
 * as a read that lost a hyphen's break gives it).
 */
function namesPhrase({ words, spaced }: TitleWords, phrase: string): boolean {
  return spaced.includes(` ${phrase} `) || words.includes(phrase.replace(/ /g, ''));
}

/**
 * The one house whose characters or series the title names, or null when it names none, names
 * another house's as well ('Batman/Spider-Man'), or names Marvel's before Marvel's name was printed.
 */
export function publisherFromTitle(title: string, year: number | null): GuessedHouse | null {
  const words = titleWordsOf(title);
  const read: TitleWords = { words, spaced: ` ${words.join(' ')} ` };
  const named = (Object.keys(HOUSE_PHRASES) as GuessedHouse[]).filter((house) =>
    HOUSE_PHRASES[house].some((phrase) => namesPhrase(read, phrase)),
  );
  const [house] = named;
  if (named.length !== 1 || house === undefined) return null;
  if (house === 'Marvel Comics' && year !== null && year < MARVEL_NAME_FROM) return null;
  return house;
}

const NOTE_START = 'Publisher guessed from the title';

/** The note beside a publisher guessed from the title. */
export function titlePublisherNote(publisher: string): string {
  return `${NOTE_START} ("${publisher}"): the label's publisher line could not be read. Please check it.`;
}

/** The note is the one beside a publisher guessed from the title (the guide's fill drops it). */
export function isTitlePublisherNote(note: string): boolean {
  return note.startsWith(NOTE_START);
}

/**
 * The parsed label with its publisher guessed from the title, when the label gave none: as a guess
 * (GUESS_CONFIDENCE), with a note.
 */
export function withPublisherFromTitle(parsed: ParsedLabel): ParsedLabel {
  if (parsed.publisher !== '' || !parsed.title) return parsed;
  const publisher = publisherFromTitle(parsed.title, parsed.publicationYear);
  if (publisher === null) return parsed;
  return {
    ...parsed,
    publisher,
    fieldConfidence: { ...parsed.fieldConfidence, publisher: GUESS_CONFIDENCE },
    notes: [...parsed.notes, titlePublisherNote(publisher)],
  };
}
