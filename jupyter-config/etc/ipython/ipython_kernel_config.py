# Installed by the awithlaknannai package into {sys.prefix}/etc/ipython/ (or written there by
# python -m awithlaknannai.tutorial.friendly --install), where every IPython kernel of this
# environment reads it. It loads the tutorial's friendly error messages
# (awithlaknannai.tutorial.friendly), which act only in a notebook that asks for them in its
# metadata ("awithlaknannai": {"friendly_errors": true}), as the tutorial notebooks do:
# there a slip gives one plain sentence from the first cell run, whatever the order.
# Every other notebook is left exactly as it is.
c = get_config()  # noqa: F821 - IPython provides get_config in its config files
c.InteractiveShellApp.extensions.append("awithlaknannai.tutorial.friendly")
