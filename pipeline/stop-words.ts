/**
 * Common words for the word-frequency tool's "Exclude common words": English function words (articles,
 * pronouns, auxiliaries, prepositions, conjunctions, frequent adverbs and their contractions) plus the
 * archaic forms poetry is full of (thee, thou, thy, hath, doth, 'tis, o'er…). Words are lower case with a
 * straight apostrophe, as the tokenizer produces them. Changing this list makes the next `poetry wordfreq`
 * recount everything (its hash is part of each poet's source hash).
 */
const MODERN = `
a about above after again against all almost also am among an and another any anyone anything are aren't
around as at be became because been before being below beneath beside besides between beyond both but by
can can't cannot could couldn't did didn't do does doesn't doing don't done down during each either else
enough ever every few for from further get gets got had hadn't has hasn't have haven't having he he'd he'll
he's her here here's hers herself him himself his how i i'd i'll i'm i've if in into is isn't it it's its
itself just let let's like may me might mine more most much must mustn't my myself neither never no nor not
now of off on once one only onto or other others our ours ourselves out over own per perhaps quite rather
same shall shan't she she'd she'll she's should shouldn't since so some such than that that's the their
theirs them themselves then there there's these they they'd they'll they're they've this those though
through thus till to too toward towards under unless until up upon us very was wasn't we we'd we'll we're
we've were weren't what what's when where where's whether which while who who's whom whose why will with
within without won't would wouldn't yet you you'd you'll you're you've your yours yourself yourselves
`;

const ARCHAIC = `
thee thou thy thine ye yea nay art wast wert hath hast doth dost didst shalt wilt canst couldst wouldst
shouldst mayst mightst hadst o oh ah 'tis 'twas 'twere 'twill 'twould 'gainst 'neath 'mid 'midst 'tween
'twixt o'er e'er ne'er e'en ere oft unto whence thence hence whither thither hither wherefore whereof
whereon wherein thereof therein amongst amidst betwixt anon mine own 'em
`;

export const STOP_WORDS: ReadonlySet<string> = new Set(`${MODERN} ${ARCHAIC}`.split(/\s+/).filter(Boolean));

export function isCommonWord(word: string): boolean {
  return STOP_WORDS.has(word);
}
