// Words of comic titles and label text that an English dictionary lacks: character and team
// names, publisher and label vocabulary. Written from general knowledge of the medium; it is NOT
// drawn from the dev photos' records nor from the demo price guide (market-values-sample.csv), so
// the reader is not tuned to the books it is measured on. Lower case; hyphenated names are listed
// by their parts as OCR reads them ('spider', 'man').
export const COMIC_WORDS: readonly string[] = `
avengers avenger batman batgirl batwoman batwing superman supergirl superboy wolverine deadpool
spiderman spidey daredevil punisher aquaman catwoman nightwing hawkman hawkgirl hawkeye ironheart
ironman blackhawk blackhawks darkseid firestorm starfire raven beastboy cyborg zatanna constantine
hellblazer hellboy spawn venom carnage morbius kraven mysterio electro vulture sandman rhino
doctor strange thor loki odin asgard asgardian valkyrie sif hulk hulkling she-hulk wasp antman
ant ultron vision scarlet quicksilver magneto xavier cyclops storm rogue gambit jubilee colossus
nightcrawler iceman angel archangel psylocke bishop cable domino deathstroke deathlok elektra
bullseye kingpin mephisto galactus silver surfer thanos gamora drax groot rocket nebula nova
adam warlock shang chi moon knight blade ghost rider gwenpool gwen stacy miles morales kamala
khan ms marvel captain america carol danvers sentry sentinels inhumans eternals defenders
thunderbolts invaders runaways champions guardians galaxy fantastic four mutants xmen x-force
x-factor excalibur generation new warriors young justice league society titans outsiders
doom patrol legion superheroes legionnaires watchmen rorschach ozymandias batmobile gotham
metropolis arkham joker harley quinn poison ivy riddler penguin scarecrow bane two-face
robin alfred oracle huntress lobo shazam marvelman mxyzptlk brainiac luthor zod krypton
kryptonian kandor flash kid wonder woman diana themyscira amazons green lantern arrow
canary martian manhunter atom plastic elongated swamp thing etrigan demon jonah hex sgt rock
conan sonja kull solomon kane tarzan vampirella dejah thoris barsoom zorro phantom shadow
spirit rocketeer savage dragon invincible walking dead saga chew paper girls descender
ascender radiant black monstress sandman lucifer preacher hitman transmetropolitan fables
bone usagi yojimbo cerebus teenage mutant ninja turtles tmnt leonardo donatello raphael
michelangelo shredder krang bebop rocksteady casey jones april oneil transformers autobots
decepticons optimus megatron bumblebee starscream gobots g.i. joe cobra snake eyes
duke destro baroness godzilla kong ultraman power rangers voltron thundercats he-man
masters universe skeletor she-ra star wars trek jedi sith vader skywalker mandalorian
boba fett grogu yoda ghostbusters alien aliens predator terminator robocop buffy angel
hellraiser chucky freddy jason pinhead gundam ninjago sonic hedgehog knuckles tails mario
zelda pokemon pikachu simpsons futurama spongebob squarepants scooby doo looney tunes bugs
bunny daffy donald duck mickey mouse goofy scrooge ducktales uncle archie jughead veronica
betty sabrina josie pussycats riverdale afterlife vampironica richie rich casper wendy
hot stuff little lulu dennis menace peanuts snoopy garfield calvin hobbes popeye dick tracy
tintin asterix witchblade darkness fathom aspen soulfire magdalena cyberforce youngblood
wildcats gen13 stormwatch authority planetary maxx shadowhawk savage pitt haunt curse
sabretooth omega red apocalypse cable stryfe mojo longshot dazzler havok polaris banshee
siryn forge mystique juggernaut toad blob pyro avalanche emma frost hellfire phoenix jean
grey summers wanda pietro namor atlantis namora submariner sub-mariner wakanda panther
okoye shuri killmonger falcon winter soldier bucky sharon carter nick fury shield hydra
aim ultimates ultimate miracleman marvelman squirrel gwenom spider-gwen silk spinneretta
anya corazon madame web jessica drew spider-woman spider-verse spiderverse spider-punk
scream toxin riot lasher phage agony hybrid mania sleeper vengeance demogoblin hobgoblin
goblin norman osborn harry mary jane watson aunt may parker peter bruce wayne clark kent
lois lane jimmy olsen kara zor-el barry allen wally west hal jordan guy gardner kyle rayner
john stewart jessica cruz simon baz oliver queen dinah lance ray palmer ronnie raymond arthur
curry mera orin garth tempest dick grayson jason todd tim drake stephanie brown damian wayne
cassandra cain barbara gordon selina kyle pamela isley harleen quinzel edward nygma oswald
cobblepot jonathan crane victor fries freeze mr clayface killer croc ventriloquist
hush anarky azrael knightfall darkhawk firestar shadowcat sunfire wolfsbane moondragon
nightmask starbrand sleepwalker deathblow bloodshot ninjak shadowman harbinger
annual annuals giant-size king-size special edition variant virgin foil sketch cover covers
printing reprint facsimile omnibus vol volume issue one-shot preview convention exclusive
retailer incentive homage ashcan ed var cvr nycc sdcc eccc c2e2 wizard megacon
chromium holofoil lenticular metal glow newsstand direct whitman mark jewelers price
`
  .split(/\s+/)
  .filter(Boolean);

/** Small words that OCR most often glues onto a title word ('Legionof', 'Talesof', 'ofthe'). */
export const GLUE_WORDS: readonly string[] = ['of', 'the', 'and', 'vs', 'from', 'with', 'for'];
