"""The word lists of stopwords.py as the analyzer makes them, shipped with mage: GENERATED, do not edit.

What wordlists.py would otherwise analyse in each process (about 0.5 ms), or read
back from a KB's `.mage/state/wordlists.json` (0.3 ms of JSON on every prompt):
the same lists, as Python constants the hook's code bundle already holds. They
are used only while the analyzer's version, Tantivy's and the size of
stopwords.py are the ones below.

Regenerate after changing stopwords.py, the analyzer or Tantivy:

    .venv/bin/python -m mage_engine.terms.make_shipped_lists
"""

ANALYZER_VERSION = 6
TANTIVY = 'tantivy v0.27.0, index_format v7'
STOPWORDS_PY_BYTES = 13922  # the size of the stopwords.py they were made from
# Words as one text each, split as the module loads: cheaper to load than as many literals.
STOPWORDS = tuple("""
    a able about above across actually afaik after afternoon again against ago ah aha ahead ain all almost
    along already alright also although always am amazing among an and another any anybody anyhoo anyone
    anything anyway anyways anywhere apparently are aren argh around as ask asked asks ass at away awesome
    bad basically be because been before behind being below beside besides best better between beyond big
    bit both btw buddy but by bye came can cannot cant certainly cheers clearly come comes continue cool
    could couldn crap cya dammit damn dang definitely despite did didn directly do does doesn doing don done
    dont down dude due during each easily easy eg either else elsewhere enough er especially etc even
    evening ever every everybody everyone everything everywhere except excited explain explains few ffs fine
    folks for from fuck fucking fully fun funny further fwiw gave geez get gets getting give given gives
    glad goddamn goes going gone gonna good goodbye got gotta gotten great guess guys had hadn haha happy
    has hasn have haven having he heck hehe hell hello help helping helps her here heres hers herself hey hi
    highly him himself his hiya hm hmm honestly hope hopefully how however i id idk ie if iirc im imho
    immediately imo in including indeed instead into is isn isnt it its itself ive jeez just k keep keeps
    kept kinda knew know knows least less let lets like liked likes literally little ll lmao lol look looked
    looking looks lot lots love luck lucky made make makes making many mate may maybe me mean means meant
    meanwhile meh might mine more morning most much must mustn my myself nah near need needed needn needs
    neither never nevertheless new nice night no nobody none nope nor not nothing now nowhere obviously of
    off often oh ok okay okey old omg on once one ones only onto ooh oops or other others otherwise our ours
    ourselves out over own particularly per perfect perhaps please pls plz pretty probably proceed put puts
    quick quickly quite rather re really regardless right rofl sad said same saw say says see seem seemed
    seems seen sees seriously several shall shan she shit shitty should shouldn show shows simple simply
    since small so some somebody somehow someone something sometime sometimes somewhat somewhere sorry sorta
    still stop stuff such super suppose sure take takes tbh tell tells than thank thanks that thats the
    their theirs them themselves then there thereby therefore theres these they theyre thing things think
    thinks this those though thought through throughout thus thx till to together told too took totally
    toward towards tried tries truly try trying ty ugh uh um under unfortunately unless until up upon us ve
    very via wait wanna want wanted wants was wasn we welcome well welp went were weren what whatever
    whatnot whats when whenever where whereas wherever whether which while who whoever whole whom whose why
    will with within without won wonder wondering wont worse worst would wouldn wow wtf yeah yep yes yet yo
    you your youre yours yourself yourselves youve yup お願 くだ せん ださ です ます ませ 一下 为什 么办 什么 可以 帮我 怎么 请问 谢谢 願い 麻烦
    감사 니다 사합 세요 습니 주세 합니
""".split())
GENERAL = frozenset("""
    absolut actual add affect agre allow annoy answer anymor appear approxim ask avoid back base becam becom
    began begin believ belong bigger boss bother bring brought bunch call care carri case caus certain chang
    check choos chose chosen clear colleagu come common complet concern consid convert coupl crazi creat
    current custom day deal dealt decid delet describ detail determin differ dozen earli earlier eight empti
    end enjoy ensur entir eventu exact exampl exist expect fact fals fanci fast feel felt figur final find
    finish first five fix follow forev forget forgot found four friday friend full futur general generat
    half handl happen hard hate hear heard high higher hope hour huge hundr idea imagin implement import
    imposs improv includ increas insid interest involv issu kind known larg last late later leav left like
    listen long lose lost love low lower main major manag matter meet mention million mind minor minut
    moment monday month most move near necessari next nine normal notic obtain obvious occur odd outsid pain
    part peopl person piec place plan plus point possibl prefer previous problem promis proper prove
    question ran read real realiz reason recent recogn refactor regular reli remain rememb remov renam
    replac reveal rewrit rough run saturday say second see sens separ serious set seven short show side
    similar sit six slow smaller soon sort spend spent stand start stay strang sudden suggest sunday take
    taken talk team tell ten tend think third thousand three thursday time tini today tomorrow tonight total
    touch treat tricki true tuesday turn twice two type understand understood unlik updat use user usual
    various wait way wednesday week weekend weird wish work worth write written wrong wrote year yesterday
""".split())
SOFTWARE = frozenset("""
    api app applic argument array bin branch break broke broken browser bug build button cd ci class client
    cmd code column command comment commit compon config configur copi count data default depend descript
    dev directori doc document edit endpoint env error event export fail failur featur field file folder
    format fresh function global id ignor input instal invalid job librari line link list load local log
    machin max merg messag method min mode modul mr mrs name number object option output packag parallel
    path pr process project prs pull push queri readm rebuild repo report repositori request respons result
    return review row screen script server servic set setup share singl sourc src step string tabl task test
    text tmp tool ui unknown upgrad url valu var variabl version view warn websit
""".split())
TECH = frozenset("""
    bash compos css docker dockerfil git github gitlab html javascript json k8s kubernet linux nativ node
    nodej npm python react shell sql typescript yaml yarn
""".split())
PARTNERS = {  # term -> its partners (a constant map: built in one step)
    'account': ('acct',),
    'acct': ('account',),
    'ack': ('acknowledg',),
    'acknowledg': ('ack',),
    'addr': ('address',),
    'address': ('addr',),
    'admin': ('administr',),
    'administr': ('admin',),
    'analys': ('analysi', 'analyz'),
    'analysi': ('analys', 'analyz'),
    'analyz': ('analys', 'analysi'),
    'arg': ('argument',),
    'argument': ('arg',),
    'auth': ('authent', 'author'),
    'authent': ('auth',),
    'author': ('auth',),
    'began': ('begin', 'begun'),
    'begin': ('began', 'begun'),
    'begun': ('began', 'begin'),
    'break': ('breakag', 'broke', 'broken'),
    'breakag': ('break', 'broke', 'broken'),
    'broke': ('break', 'breakag', 'broken'),
    'broken': ('break', 'breakag', 'broke'),
    'btn': ('button',),
    'build': ('built',),
    'built': ('build',),
    'button': ('btn',),
    'catch': ('caught',),
    'caught': ('catch',),
    'cert': ('certif',),
    'certif': ('cert',),
    'cfg': ('configur',),
    'choos': ('chose', 'chosen'),
    'chose': ('choos', 'chosen'),
    'chosen': ('choos', 'chose'),
    'collid': ('collis',),
    'collis': ('collid',),
    'conf': ('configur',),
    'config': ('configur',),
    'configur': ('cfg', 'conf', 'config'),
    'context': ('ctx',),
    'convers': ('convert',),
    'convert': ('convers',),
    'creat': ('creation',),
    'creation': ('creat',),
    'cred': ('credenti',),
    'credenti': ('cred',),
    'ctx': ('context',),
    'databas': ('db', 'dbs'),
    'db': ('databas',),
    'dbs': ('databas',),
    'decid': ('decis',),
    'decis': ('decid',),
    'deliv': ('deliveri',),
    'deliveri': ('deliv',),
    'deni': ('denial',),
    'denial': ('deni',),
    'dep': ('depend',),
    'depend': ('dep',),
    'desc': ('descript',),
    'describ': ('descript',),
    'descript': ('desc', 'describ'),
    'dest': ('destin',),
    'destin': ('dest',),
    'dev': ('develop',),
    'develop': ('dev',),
    'diagnos': ('diagnosi',),
    'diagnosi': ('diagnos',),
    'dir': ('directori',),
    'directori': ('dir',),
    'discov': ('discoveri',),
    'discoveri': ('discov',),
    'doc': ('document',),
    'document': ('doc',),
    'env': ('environ',),
    'environ': ('env',),
    'err': ('error',),
    'error': ('err',),
    'exclud': ('exclus',),
    'exclus': ('exclud',),
    'expand': ('expans',),
    'expans': ('expand',),
    'expir': ('expiri',),
    'expiri': ('expir',),
    'fail': ('failur',),
    'failur': ('fail',),
    'fall': ('fallen', 'fell'),
    'fallen': ('fall', 'fell'),
    'fell': ('fall', 'fallen'),
    'freez': ('froze', 'frozen'),
    'froze': ('freez', 'frozen'),
    'frozen': ('freez', 'froze'),
    'grew': ('grow', 'grown'),
    'grow': ('grew', 'grown'),
    'grown': ('grew', 'grow'),
    'hang': ('hung',),
    'hid': ('hidden', 'hide'),
    'hidden': ('hid', 'hide'),
    'hide': ('hid', 'hidden'),
    'hung': ('hang',),
    'i18n': ('internation',),
    'imag': ('img',),
    'img': ('imag',),
    'impl': ('implement',),
    'implement': ('impl',),
    'includ': ('inclus',),
    'inclus': ('includ',),
    'info': ('inform',),
    'inform': ('info',),
    'infra': ('infrastructur',),
    'infrastructur': ('infra',),
    'internation': ('i18n',),
    'k8s': ('kubernet',),
    'kubernet': ('k8s',),
    'l10n': ('local',),
    'leak': ('leakag',),
    'leakag': ('leak',),
    'lib': ('librari',),
    'librari': ('lib',),
    'local': ('l10n',),
    'lose': ('lost',),
    'lost': ('lose',),
    'manag': ('mgmt',),
    'max': ('maximum',),
    'maximum': ('max',),
    'mem': ('memori',),
    'memori': ('mem',),
    'messag': ('msg', 'msgs'),
    'mgmt': ('manag',),
    'millisecond': ('ms',),
    'min': ('minimum',),
    'minimum': ('min',),
    'ms': ('millisecond',),
    'msg': ('messag',),
    'msgs': ('messag',),
    'nav': ('navig',),
    'navig': ('nav',),
    'num': ('number',),
    'number': ('num',),
    'occur': ('occurr',),
    'occurr': ('occur',),
    'overwrit': ('overwritten', 'overwrot'),
    'overwritten': ('overwrit', 'overwrot'),
    'overwrot': ('overwrit', 'overwritten'),
    'packag': ('pkg', 'pkgs'),
    'paid': ('pay',),
    'param': ('paramet',),
    'paramet': ('param',),
    'passwd': ('password',),
    'password': ('passwd', 'pw', 'pwd'),
    'pay': ('paid',),
    'perf': ('perform',),
    'perform': ('perf',),
    'perm': ('permiss',),
    'permiss': ('perm',),
    'pkg': ('packag',),
    'pkgs': ('packag',),
    'pref': ('prefer',),
    'prefer': ('pref',),
    'pw': ('password',),
    'pwd': ('password',),
    'ran': ('run',),
    'rebuild': ('rebuilt',),
    'rebuilt': ('rebuild',),
    'recov': ('recoveri',),
    'recoveri': ('recov',),
    'regist': ('registr',),
    'registr': ('regist',),
    'repo': ('repositori',),
    'repositori': ('repo',),
    'req': ('request',),
    'request': ('req',),
    'resp': ('respons',),
    'respond': ('respons',),
    'respons': ('resp', 'respond'),
    'retain': ('retent',),
    'retent': ('retain',),
    'rewrit': ('rewritten', 'rewrot'),
    'rewritten': ('rewrit', 'rewrot'),
    'rewrot': ('rewrit', 'rewritten'),
    'run': ('ran',),
    'sell': ('sold',),
    'send': ('sent',),
    'sent': ('send',),
    'sleep': ('slept',),
    'slept': ('sleep',),
    'sold': ('sell',),
    'sourc': ('src',),
    'spec': ('specif',),
    'specif': ('spec',),
    'spin': ('spun',),
    'spun': ('spin',),
    'src': ('sourc',),
    'stat': ('statist',),
    'statist': ('stat',),
    'steal': ('stole', 'stolen'),
    'stick': ('stuck',),
    'stole': ('steal', 'stolen'),
    'stolen': ('steal', 'stole'),
    'storag': ('store',),
    'store': ('storag',),
    'stuck': ('stick',),
    'submiss': ('submit',),
    'submit': ('submiss',),
    'subscrib': ('subscript',),
    'subscript': ('subscrib',),
    'succeed': ('success',),
    'success': ('succeed',),
    'suspend': ('suspens',),
    'suspens': ('suspend',),
    'sweep': ('swept',),
    'swept': ('sweep',),
    'temporari': ('tmp',),
    'terraform': ('tf',),
    'tf': ('terraform',),
    'threw': ('throw', 'thrown'),
    'throw': ('threw', 'thrown'),
    'thrown': ('threw', 'throw'),
    'tmp': ('temporari',),
    'transact': ('txn',),
    'txn': ('transact',),
    'undid': ('undo', 'undon'),
    'undo': ('undid', 'undon'),
    'undon': ('undid', 'undo'),
    'wake': ('woke', 'woken'),
    'woke': ('wake', 'woken'),
    'woken': ('wake', 'woke'),
    'write': ('written', 'wrote'),
    'written': ('write', 'wrote'),
    'wrote': ('write', 'written'),
}
