"""Words that say nothing about which note a prompt needs.

Real prompts are chatty: greetings, hedges, pronouns, "can you", "I'd love to".
Those words are frequent in prompts and rare in notes, so BM25 would treat them
as rare and informative, and every conversational prompt would look like a
weak match to everything. The list holds English function words, contraction
stubs (the tokenizer splits "don't" into "don" + "t"), chat filler, and the
verbs people use to address an assistant. Domain words (test, build, error,
table, deploy) are deliberately absent: inverse document frequency already
weighs those by how common they are in this knowledge base. (`anyhow` is absent
too: it names a Rust crate.)

The other lists are not dropped but weighed (see score.py and wordlists.py):
GENERAL (everyday English), SOFTWARE (everyday talk about code) and
ABBREVIATIONS (cert / certificate).
"""

FUNCTION_WORDS = """
a about above after again against ago all almost along already also although always am among an and
another any anybody anyone anything anyway anyways anywhere are around as at be because been
before being below beside besides between beyond both but by can cannot could did do does doing done
down during each either else elsewhere enough even ever every everybody everyone everything
everywhere few for from further had has have having he her here hers herself him himself his how
however i if in into is it its itself just least less let lets many may me might mine more most much
must my myself neither never nevertheless no nobody none nor not nothing now nowhere of off often on
once one ones only onto or other others otherwise our ours ourselves out over own per perhaps quite
rather really same several shall she should since so some somebody somehow someone something
sometime sometimes somewhat somewhere such than that the their theirs them themselves then there
thereby therefore these they this those though through throughout thus till to together too toward
towards under unless until up upon us very via was we well were what whatever when whenever where
whereas wherever whether which while who whoever whole whom whose why will with within without would
yet you your yours yourself yourselves still away instead able including especially certainly immediately
particularly clearly directly fully highly truly behind near ahead except despite across due given regardless
meanwhile indeed
"""

CONTRACTION_STUBS = """
aren couldn didn doesn don hadn hasn haven isn ll mustn needn re shan shouldn ve wasn weren won
wouldn ain im ive id youre youve theyre thats whats heres theres lets dont cant wont isnt
"""

CHAT_FILLER = """
ok okay okey k hi hey hello hiya yo morning afternoon evening night thanks thank thx ty cheers
please pls plz sorry oops lol lmao rofl haha hehe yeah yep yup yes nope nah sure cool great nice
awesome perfect wow ugh hmm hm um uh er btw fwiw imo imho tbh idk iirc afaik ah oh ooh aha alright
right like kinda sorta gonna wanna gotta literally basically actually honestly seriously totally
definitely probably maybe pretty super stuff thing things bit lot lots whatnot etc eg ie guys folks
buddy mate dude crap damn dang heck geez jeez anyhoo cya bye goodbye fine good bad better best
worse worst new old big small little quick quickly simple simply easy easily fuck fucking shit shitty hell
ass wtf omg ffs argh meh welp dammit goddamn glad happy amazing funny fun luck lucky welcome sad excited
hopefully unfortunately apparently obviously
谢谢 请问 帮我 一下 怎么 么办 什么 为什 可以 麻烦 です ます ませ せん くだ ださ お願 願い 감사 사합 합니 니다 습니 세요 주세
"""

ASSISTANT_VERBS = """
help helps helping want wants wanted need needs needed wonder wondering think thinks thought know
knows knew guess suppose tell tells told show shows explain explains give gives gave let lets
try tries tried trying see sees saw seen look looks looked looking seem seems seemed get gets got
getting gotten goes going went gone come comes came keep keeps kept put puts take takes took
make makes made making do say says said ask asks asked mean means meant love like likes liked hope
continue proceed stop wait
"""

# Everyday English that survives the stopword list: time and quantity words,
# common adjectives and adverbs, people, and the verbs of a request ("add",
# "fix", "update", "rename"). They still count, at a quarter of their weight
# (see score.py): a prompt and a note sharing "friday" or "update" share little.
GENERAL = """
time times day days week weeks month months year years hour hours minute minutes today tonight
yesterday tomorrow morning afternoon evening weekend monday tuesday wednesday thursday friday
saturday sunday moment ago soon later earlier early late recently lately finally eventually anymore
currently usually normally generally first second third last next previous half twice several whole
entire total roughly around approximately nearly exactly
work works worked working spend spent spending worth feel feels felt care cares happen happens
happened happening mind figure figured sort sorted deal dealt handle handled manage managed notice
noticed realize realized remember forgot forget understand understood touch touches touched mention
mentioned wish hate prefer bother bothers start started starting begin began finish finished end
ended ending call called calls plan planned idea ideas reason reasons question questions answer
answers problem problems issue issues point points example examples part parts piece kind type way
ways place case cases side sense fact matter people person team someone everyone user users
customer customers colleague boss manager friend wrong weird strange odd crazy annoying painful hard
tricky fancy proper real sure certain possible impossible likely unlikely obvious clear important
promising interesting serious main major minor huge tiny large long short high low fast slow full
empty different similar various completely absolutely bunch couple true false sitting sit stand
standing stay stays stayed leave left move moved moving turn turned bring brought carry written
writing wrote read reading describe described loves loved hoping
add adds added adding remove removes removed removing delete deleted update updates updated
updating change changes changed changing fix fixes fixed fixing create creates created creating
implement implemented write rewrite rename renamed refactor refactored convert converted generate
generated replace replaced use uses used using run runs ran running check checks checked set sets
two three four five six seven eight nine ten hundred thousand million dozen talk talking talked hear heard
listen telling asking saying thinking feeling believe expect expected agree consider decided imagine enjoy
waiting seeing coming taking taken become became known lost find found follow following based include includes
back forever mostly suddenly higher lower bigger smaller plus inside outside future showing losing existing separate
allow allows allowed appear appears appeared avoid avoided belong belongs cause causes caused choose chose chosen
concern concerned affect affects affected involve involves involved ensure ensures ensured improve improved increase
increased occur occurs occurred obtain remain remains remained reveal suggest suggests suggested tend tends treat
treated rely relies recognize prove proved meet detail details common commonly actual necessary recent regular
determine determined
"""
# (Not here, though as plain: words whose stem is also a noun a note is about. The stemmer makes
# "contains" the `container`'s term, "requires" requirements', "provided" a Terraform provider's,
# "missing" `miss`, "learned" machine learning's, "identify" an identifier's, "prepared" a prepared
# statement's, "depends" dependencies', "received" a receiver's, "reduce" a reducer's, "achieve" a
# game's achievements'. Nor "discover": services and agents are auto-discovered.)

# The vocabulary of code and of talk about code that every software project uses,
# whatever its stack. A note base of a few dozen notes cannot tell these from its
# own topic words (both are held by a few notes), so the score gives them the
# frequency they have in a large background of notes (see score.py). Process words
# that are often a note's subject (deploy, release, pipeline, migration) are not here.
SOFTWARE = """
code file files folder directory path line lines function functions method methods class classes
variable variables value values string strings list lists array arrays object objects field fields
name names number count ids text format data table tables query queries column columns row rows
test tests testing build builds error errors bug bugs log logs logging output input result results
return returns message messages event events screen screens button buttons component
components view views app apps application service services server servers client clients request
requests response responses api apis endpoint endpoints script scripts command commands tool tools
library libraries package packages module modules dependency dependencies version versions feature
features config configuration setting settings option options job jobs task tasks step steps project
projects repo repos repository branch branches commit commits merge merged review reviews description
comment comments doc docs documentation readme install setup local machine pr prs mr mrs
ci cd fail fails failed failing failure failures source sources src invalid rebuild pull push pushed process
warn warning warnings edit edits upgrade upgraded single fresh default defaults report reports export load
ignore break breaks broke broken unknown argument arguments copy share dev bin tmp link links var vars env envs
ui url urls website browser mode modes max min cmd global parallel
"""

# Technologies nearly every software team names: a prompt about one of them in
# general ("docker compose up vs start", "a GitLab issue template") shares only
# that name with the team's notes about it. Not dropped, not weighed less: a note
# whose only topic words in common are these is weak evidence (evidence.py).
# (`native`: React Native.)
GENERIC_TECH = """
docker compose dockerfile git github gitlab python javascript typescript node nodejs npm yarn react native
css html sql linux bash shell json yaml kubernetes k8s
"""

GENERAL_WORDS = frozenset(GENERAL.split())
GENERIC_TECH_WORDS = frozenset(GENERIC_TECH.split())
SOFTWARE_WORDS = frozenset(SOFTWARE.split())

STOPWORDS = frozenset(
    word for block in (FUNCTION_WORDS, CONTRACTION_STUBS, CHAT_FILLER, ASSISTANT_VERBS) for word in block.split()
)

# Abbreviations developers type for words notes spell out, and the other way round
# ("cert" / "certificate"): a prompt word matches a note that holds its partner.
# Only unambiguous ones: no file extensions (`ts`, `py`), no words that are also
# parts of names (`sub` in Pub/Sub, `svc` in service ids), none whose stem is another word
# (`production` stems to `product`), no multi-word expansions.
ABBREVIATIONS = """
cert:certificate certs:certificates repo:repository repos:repositories env:environment envs:environments
config:configuration cfg:configuration conf:configuration auth:authentication auth:authorization
db:database dbs:databases dev:development deps:dependencies dep:dependency
docs:documentation pkg:package pkgs:packages msg:message msgs:messages k8s:kubernetes
infra:infrastructure perf:performance admin:administrator param:parameter params:parameters
arg:argument args:arguments impl:implementation spec:specification tf:terraform
min:minimum max:maximum ms:milliseconds creds:credentials cred:credential pw:password pwd:password
passwd:password tmp:temporary lib:library libs:libraries util:utility utils:utilities dir:directory
dirs:directories src:source dest:destination info:information stats:statistics i18n:internationalization
l10n:localization mgmt:management prefs:preferences perms:permissions txn:transaction acct:account
addr:address req:request resp:response err:error ctx:context num:number mem:memory img:image
btn:button desc:description notif:notification notifs:notifications nav:navigation
ack:acknowledge acks:acknowledges acked:acknowledged
"""

# Forms of one word that English stemming keeps apart: irregular verbs ("the job hung" and
# "hangs"), and nouns made from verbs ("failure" / "fail", "creation" / "create"). Each line
# is one word's forms; a prompt word matches a note that holds another form of it, as with
# the abbreviations. Only forms with no other common meaning in talk about code (no "left",
# "drive", "bound", "sink", "extension", "registry"; "production" stems to "product").
VARIANTS = """
hang hung
break broke broken breakage
freeze froze frozen
write wrote written
rewrite rewrote rewritten
overwrite overwrote overwritten
send sent
build built
rebuild rebuilt
catch caught
stick stuck
throw threw thrown
lose lost
run ran
begin began begun
choose chose chosen
hide hid hidden
steal stole stolen
wake woke woken
grow grew grown
spin spun
pay paid
sell sold
sleep slept
undo undid undone
fall fell fallen
sweep swept
fail failure failures
create creation
expire expiry
retain retention
collide collision
convert conversion
include inclusion
exclude exclusion
decide decision
submit submission
suspend suspension
expand expansion
occur occurrence
respond response
analyze analyse analysis
diagnose diagnosis
deny denial
succeed success successful
recover recovery
discover discovery
deliver delivery
register registration
subscribe subscription
describe description
store storage
leak leakage
"""

ABBREVIATION_PAIRS = tuple(tuple(pair.split(":")) for pair in ABBREVIATIONS.split()) + tuple(
    (forms[i], other) for forms in (line.split() for line in VARIANTS.strip().splitlines())
    for i in range(len(forms)) for other in forms[i + 1:])
