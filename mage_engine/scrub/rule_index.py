"""Which scrub rules a keyword wakes, known without importing the rules: GENERATED, do not edit.

engine.py gates each rule by its keywords (and context words) before it runs; with
this table it can do so without importing the families the rules live in, so a
text that wakes none (most prompts) loads none of them. Each row, in the rules'
order: (family: an index into engine.FAMILIES, position in that family's tuple,
fold_case, keywords, context), copied from the rules themselves.

After changing a rule's keywords, context, fold_case or place, regenerate it:

    .venv/bin/python -m mage_engine.scrub.rule_index

(tests/test_scrub_rule_index.py fails until it matches the rules.)
"""

INDEX = (
    (0, 0, False, ('PRIVATE KEY',), ()),
    (0, 1, False, ('PRIVATE KEY',), ()),
    (0, 2, False, ('LS0tLS1CRUdJTi',), ()),
    (0, 3, False, ('Private-Lines:',), ()),
    (1, 0, False, (), ()),
    (2, 0, False, ('::add-mask::',), ()),
    (2, 1, False, ('eyJ', 'ewo'), ()),
    (2, 2, False, ('ZXlK',), ()),
    (2, 3, False, ('://',), ('@',)),
    (2, 4, False, ('SSWS',), ()),
    (2, 5, True, ('authori',), ()),
    (2, 6, True, ('bearer',), ()),
    (2, 7, False, ('Token ',), ()),
    (2, 8, False, ('Basic ',), ()),
    (3, 0, False, ('AC',), ()),
    (3, 1, False, ('AAAAAAAAAAAAAAAAAAAAAA',), ()),
    (3, 2, False, ('sntrys_',), ()),
    (3, 3, False, ('fm1', 'fm2'), ()),
    (3, 4, True, ('|', '%7c'), ('acebook', 'ACEBOOK', 'fb_', 'FB_', 'graph.')),
    (3, 5, False, (':A',), ()),
    (3, 6, True, ('contribsys__com',), ()),
    (3, 7, False, ('hooks.slack.com',), ()),
    (3, 8, False, ('discord',), ()),
    (3, 9, False, ('webhook.office.com',), ()),
    (3, 10, False, ('hooks.zapier.com',), ()),
    (3, 11, False, ('AccountKey=',), ()),
    (3, 12, False, ('SharedAccess',), ()),
    (3, 13, False, ('sig=',), ()),
    (4, 0, False, ('-u', '--user'), ('curl', 'wget', 'http', 'xh')),
    (4, 1, False, ('--', 'storepass', 'keypass', '-p ', '-p\t', '-p=', '-a ', '-a\t', '-a='), ()),
    (4, 2, False, ('--',), ()),
    (4, 3, False, ('-p',), ('mysql', 'mariadb')),
    (4, 4, False, ('pass:',), ()),
    (4, 5, True, ('auth', 'credentials'), ()),
    (4, 6, False, ('vault login',), ()),
    (4, 7, True, (
         'secrets', 'vault', 'secretsmanager', 'ecr', 'ssm', 'kubectl', 'auth', 'op read', 'pass show',
         'security', 'terraform', 'openssl rand', 'pwgen', 'cat ',
     ), ()),
    (4, 8, False, ('base64 -d', 'base64 --decode'), ()),
    (5, 0, True, ('kind:',), ('ecret', 'ECRET')),
    (5, 1, False, ('"data"', '"stringData"'), ()),
    (5, 2, False, (':',), ()),
    (5, 3, True, ('machine', 'default'), ()),
    (5, 4, True, ('"value"',), ()),
    (5, 5, True, ('value:',), ()),
    (5, 6, True, ('data ==',), ()),
    (5, 7, False, ('"keyName"',), ()),
    (5, 8, False, ('"SecretString"',), ()),
    (6, 0, False, ('</',), ()),
    (6, 1, False, ('value=',), ()),
    (6, 2, True, ('pass', 'pw', 'secret', 'token', 'key', 'auth', 'cred', 'sig', 'sess', 'sid'), ()),
    (6, 3, True, (': |', ':|', ': >', ':>'), ()),
    (6, 4, True, ('pass', 'secret', 'token', 'key', 'cred'), ()),
)
